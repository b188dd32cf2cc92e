// Where a feature's routes plugin (features/<area>/routes.ts) starts: its routes typed by their
// TypeBox schemas, and what every route of the feature shares declared once: who may call them
// (access.ts) and how the OpenAPI document shows them (their tag, and security where it is set).

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { declareAccess, type Access } from './access.js';

export function featureApp(instance: FastifyInstance, access: Access, doc: FastifySchema) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  declareAccess(app, access);
  app.addHook('onRoute', (route) => {
    route.schema = { ...doc, ...route.schema };
  });
  return app;
}
