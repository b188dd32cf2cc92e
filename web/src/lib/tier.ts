// The org's tier, learned the way any client would: a free org gets 403 `tier_required`
// on a pro path. The probe path answers 404 (not 403) for a pro org while that API is
// still being built, because the tier check runs before routing.

import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from './api';
import { useApiKey } from './session';

export type Tier = 'pro' | 'free' | 'unknown';

async function probeTier(): Promise<Tier> {
  try {
    await api('/api/webhooks/events');
    return 'pro';
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.proRequired) return 'free';
      if (err.status === 404) return 'pro';
    }
    return 'unknown';
  }
}

export function useTier(): Tier {
  const key = useApiKey();
  const q = useQuery({ queryKey: ['tier', key], queryFn: probeTier, staleTime: 5 * 60_000, enabled: !!key });
  return q.data ?? 'unknown';
}
