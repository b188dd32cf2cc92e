// The org's plan, from the one GET /api/me answer the session already holds: no pro path is
// ever probed, so a free org's dashboard makes no request that would be refused.

import { useMe } from './session';

export type Tier = 'pro' | 'free' | 'unknown';

export function useTier(): Tier {
  return useMe()?.org.tier ?? 'unknown';
}
