// The shape every error answer has (CONTRACT §2): problem+json with the contract's members,
// the HTTP status repeated in the body, and no stack trace or SQL text.

import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

export function assertProblem(res: LightMyRequestResponse, status: number, code: string): any {
  assert.equal(res.statusCode, status, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  const body = res.json();
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(typeof body.title, 'string');
  assert.equal(typeof body.detail, 'string');
  assert.equal(typeof body.type, 'string');
  assert.doesNotMatch(res.body, /\bat .*\.(ts|js):\d+|SELECT |INSERT /);
  return body;
}
