// Query parameters shared by every windowed endpoint, and their parsing.

import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { parseWindow, type Window } from '../../domain/window.js';

export const WindowQuery = Type.Object({
  range: Type.Optional(Type.String({ description: 'Named window ending now: <N>h, <N>d or <N>w (e.g. 24h, 7d, 30d, 12w). Default 7d.' })),
  start: Type.Optional(Type.String({ description: 'Window start: RFC 3339 (Z or offset) or YYYY-MM-DD (00:00 UTC)' })),
  end: Type.Optional(Type.String({ description: 'Window end (exclusive), same formats as start' })),
});
export type WindowQuery = Static<typeof WindowQuery>;

export function windowOf(app: FastifyInstance, q: WindowQuery, defaultRange = '7d'): Window {
  return parseWindow({ range: q.range, start: q.start, end: q.end }, app.deps.now(), defaultRange);
}
