// MISP event export (issue 14): built by helper "hygiene".
import type { FastifyInstance } from 'fastify';
import { declareAccess, READ_PRO } from '../../http/access.js';

export async function mispRoutes(app: FastifyInstance): Promise<void> {
  declareAccess(app, READ_PRO);
}
