// Arrivals (CONTRACT §4 and §6): calls per 15-minute UTC bucket, zero-filled, over the window.

import type { Principal } from '../../domain/principal.js';
import type { Window } from '../../domain/window.js';
import type { Db } from '../db.js';
import { timeseries } from './timeseries.js';

export const ARRIVALS_GRANULARITY = '15min' as const;

export interface ArrivalBucket {
  bucket_start_utc: string;
  count: number;
}

export async function arrivals(db: Db, principal: Principal, w: Window): Promise<ArrivalBucket[]> {
  const points = await timeseries(db, principal, w, 'calls', ARRIVALS_GRANULARITY);
  return points.map((pt) => ({ bucket_start_utc: pt.timestamp, count: pt.value }));
}
