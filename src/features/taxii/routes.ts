// TAXII 2.1 server (issue 14): built by helper "taxii".
import type { FastifyInstance } from 'fastify';
import { declareAccess, READ_PRO } from '../../http/access.js';

export async function taxiiRoutes(app: FastifyInstance): Promise<void> {
  declareAccess(app, READ_PRO);
}
