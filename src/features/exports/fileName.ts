// The attachment name of every export: what it is and its window, in UTC.

import type { Window } from '../../domain/window.js';

/** "2026-11-20T14:00:00.500Z" → "20261120T140000.500Z": basic ISO 8601, no ':' in a file name. */
const fileStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.000Z$/, 'Z');

/** `tier1-20261113T140000Z-20261120T140000Z.csv` for kind tier1, extension csv. */
export const exportFileName = (kind: string, extension: string, w: Window) =>
  `${kind}-${fileStamp(w.start)}-${fileStamp(w.end)}.${extension}`;
