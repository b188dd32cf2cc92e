// Who is signed in, from GET /api/me: the organisation, its plan, the key's role and, for a
// scoped key, the slice of data it sees.

import { stateName } from '../lib/states';
import type { KeyScope, Me } from '../lib/types';

const DIMENSIONS: Record<string, string> = {
  impersonated_brand: 'brand',
  lure_category: 'lure',
  mule_bank_name: 'mule bank',
  caller_state: 'state',
  persona: 'persona',
};

/** "brand Amazon, Apple · state California" */
function describeScope(scope: KeyScope): string {
  return Object.entries(scope)
    .map(
      ([dim, values]) =>
        `${DIMENSIONS[dim] ?? dim.replace(/_/g, ' ')} ${values.map((v) => (dim === 'caller_state' ? stateName(v) : v)).join(', ')}`,
    )
    .join(' · ');
}

export function Identity({ me }: { me: Me }) {
  const { tier, name } = me.org;
  const scope = me.key.scope && Object.keys(me.key.scope).length ? describeScope(me.key.scope) : null;
  return (
    <div className="identity" data-testid="identity">
      <span className="identity-org" title={`Organisation ${name}, signed in with the key “${me.key.name}”`} data-testid="org-name">
        {name}
      </span>
      <span
        className={`badge ${tier === 'pro' ? 'badge-pro' : 'badge-free'}`}
        data-tier={tier}
        title={`This organisation is on the ${tier} plan`}
      >
        {tier === 'pro' ? 'Pro plan' : 'Free plan'}
      </span>
      <span className="identity-role" data-testid="key-role" title="The role of the key you signed in with">
        {me.key.role === 'read' ? 'read only' : me.key.role}
      </span>
      {scope && (
        <span className="identity-scope" data-testid="key-scope" title={`This key sees only calls of ${scope}`}>
          Scope: {scope}
        </span>
      )}
    </div>
  );
}
