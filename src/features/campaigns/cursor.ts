// The opaque cursor of GET /api/campaigns: base64url of the JSON `[sort, value, id]`, the sort
// and the position of the last row of the previous page. Anything else is 400.

import { validationFailed } from '../../errors.js';
import type { CampaignSort } from '../../storage/campaigns/campaigns.js';
import { CAMPAIGN_ID_PATTERN } from '../../domain/campaigns/ids.js';

const ID_RE = new RegExp(CAMPAIGN_ID_PATTERN);

export function encodeCampaignCursor(sort: CampaignSort, at: { value: number; id: string }): string {
  return Buffer.from(JSON.stringify([sort, at.value, at.id]), 'utf8').toString('base64url');
}

export function decodeCampaignCursor(raw: string, sort: CampaignSort): { value: number; id: string } {
  const bad = (why = 'pass next_cursor from the previous page unchanged') =>
    validationFailed(`cursor is not valid: ${why}.`, [{ path: 'querystring.cursor', message: 'is not a valid cursor' }]);
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw bad();
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(v) || v.length !== 3 || typeof v[0] !== 'string' || typeof v[1] !== 'number' || !Number.isFinite(v[1])) throw bad();
  if (typeof v[2] !== 'string' || !ID_RE.test(v[2])) throw bad();
  if (v[0] !== sort) throw bad(`it was issued for another sort than ${sort}; start again without a cursor`);
  const at = { value: v[1], id: v[2] };
  if (encodeCampaignCursor(sort, at) !== raw) throw bad();
  return at;
}
