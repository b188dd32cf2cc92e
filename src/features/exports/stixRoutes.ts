// STIX 2.1 bundle export (issue 14): built by helper "stix".
import type { FastifyInstance } from 'fastify';
import { declareAccess, READ_PRO } from '../../http/access.js';

export async function stixRoutes(app: FastifyInstance): Promise<void> {
  declareAccess(app, READ_PRO);
}
