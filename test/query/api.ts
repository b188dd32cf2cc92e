// The one request the query tests make.

import type { FastifyInstance } from 'fastify';

export function postQuery(app: FastifyInstance, key: string | null, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/query',
    payload: body as object,
    headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...headers },
  });
}
