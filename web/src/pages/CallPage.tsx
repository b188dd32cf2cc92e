// One call: the transcript as a conversation, with the extracted intel highlighted where
// the caller said it, beside the extraction itself.

import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { CopyButton } from '../components/CopyButton';
import { PageHeader } from '../components/PageHeader';
import { Panel } from '../components/Panel';
import { Empty, ErrorState, Loading } from '../components/states';
import { api, ApiError } from '../lib/api';
import { fmtCallerId, fmtDateTime, fmtDuration, fmtPct, fmtUsd } from '../lib/format';
import { personaLabel, reasonLabel, valueLabel } from '../lib/labels';
import { lastCallsList } from '../lib/callFilters';
import { TIER1_FIELDS } from '../../../src/domain/call';
import { Link } from '../lib/router';
import './pages.css';
import { stateName } from '../lib/states';
import type { CallDetail, Extraction, TranscriptTurn } from '../lib/types';

const TIER1: readonly string[] = TIER1_FIELDS;
const TIER2 = ['payment_method', 'phishing_url', 'remote_desktop_app', 'impersonated_government_agency'];
const TIER3 = ['impersonated_brand', 'lure_category'];
const OTHER = ['synthetic_org', 'fake_agent_name'];
const INTEL = [...TIER1, ...TIER2, ...TIER3, ...OTHER];

const LABELS: Record<string, string> = {
  mule_bank_name: 'Mule bank',
  mule_bank_routing_number: 'Routing number',
  mule_bank_account_number: 'Account number',
  mule_account_holder_name: 'Account holder',
  crypto_wallet_address: 'Crypto wallet',
  crypto_chain: 'Crypto chain',
  gift_card_brand: 'Gift card brand',
  physical_mule_drop_address: 'Drop address',
  payment_method: 'Payment method',
  phishing_url: 'Phishing URL',
  remote_desktop_app: 'Remote desktop app',
  impersonated_government_agency: 'Government agency',
  impersonated_brand: 'Impersonated brand',
  lure_category: 'Lure',
  synthetic_org: 'Synthetic organisation',
  fake_agent_name: 'Fake agent name',
};

/** Long identifiers worth copying whole rather than selecting by hand. */
const COPYABLE = new Set([
  'crypto_wallet_address',
  'mule_bank_account_number',
  'mule_bank_routing_number',
  'phishing_url',
  'physical_mule_drop_address',
]);

const groupOf = (field: string) =>
  TIER1.includes(field) ? 't1' : TIER2.includes(field) ? 't2' : TIER3.includes(field) ? 't3' : field === 'dollars' ? 'usd' : 'other';

interface Needle {
  text: string;
  field: string;
  label: string;
}

/** Every piece of extracted intel as it may appear in speech, longest first. */
function needles(x: Extraction | null | undefined): Needle[] {
  if (!x) return [];
  const out: Needle[] = [];
  for (const f of INTEL) {
    const v = x[f];
    if (typeof v !== 'string' || v.trim().length < 2) continue;
    out.push({ text: v, field: f, label: LABELS[f] });
    if (v.includes('_')) out.push({ text: v.replace(/_/g, ' '), field: f, label: LABELS[f] });
  }
  const amounts = [...(x.dollar_asks ?? []), ...(typeof x.dollars_dangled === 'number' ? [x.dollars_dangled] : [])];
  for (const a of amounts) {
    const label = (x.dollar_asks ?? []).includes(a) ? 'Dollar ask' : 'Dollars dangled';
    out.push({ text: fmtUsd(a), field: 'dollars', label });
    out.push({ text: `$${a}`, field: 'dollars', label });
  }
  const seen = new Set<string>();
  return out
    .filter((n) => {
      const k = n.text.toLowerCase();
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((a, b) => b.text.length - a.text.length);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function Highlighted({ text, ns, re }: { text: string; ns: Needle[]; re: RegExp | null }) {
  if (!re) return <>{text}</>;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const i = m.index ?? 0;
    // Whole words only for short values ("Apple" inside "pineapple" is not intel).
    const before = text[i - 1];
    const after = text[i + m[0].length];
    if ((before && /\w/.test(before) && /^\w/.test(m[0])) || (after && /\w/.test(after) && /\w$/.test(m[0]))) continue;
    const n = ns.find((x) => x.text.toLowerCase() === m[0].toLowerCase());
    if (!n) continue;
    if (i > last) parts.push(text.slice(last, i));
    parts.push(
      <mark key={i} className={`intel intel-${groupOf(n.field)}`} title={n.label} data-field={n.field}>
        {m[0]}
        <span className="sr-only"> ({n.label})</span>
      </mark>,
    );
    last = i + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

function Turn({ t, ns, re }: { t: TranscriptTurn; ns: Needle[]; re: RegExp | null }) {
  const who = t.speaker === 'caller' ? 'Caller' : t.speaker === 'persona' ? 'Persona' : 'System';
  return (
    <li className={`turn turn-${t.speaker}`}>
      <div className="turn-meta">
        <span className="turn-who">{who}</span>
        {typeof t.offset_sec === 'number' && <span className="turn-time">{fmtOffset(t.offset_sec)}</span>}
      </div>
      <p className="turn-text">
        <Highlighted text={t.text} ns={ns} re={re} />
      </p>
    </li>
  );
}

const fmtOffset = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function CallPage({ sid }: { sid: string }) {
  const q = useQuery({
    queryKey: ['call', sid],
    queryFn: ({ signal }) => api<CallDetail>(`/api/calls/${encodeURIComponent(sid)}`, { signal }),
  });
  const ns = useMemo(() => needles(q.data?.extraction), [q.data]);
  const re = useMemo(() => (ns.length ? new RegExp(ns.map((n) => escapeRe(n.text)).join('|'), 'gi') : null), [ns]);

  const back = (
    <Link to={lastCallsList()} className="back">
      ← All calls
    </Link>
  );
  if (q.isPending) return <Loading label="Loading the call" height={300} />;
  if (q.isError) {
    const missing = q.error instanceof ApiError && q.error.status === 404 && !q.error.unavailable;
    return (
      <div className="page">
        {back}
        <PageHeader title={missing ? 'Call not found' : 'Call'} />
        {missing ? (
          <p>There is no call “{sid}” that this key can see.</p>
        ) : (
          <ErrorState error={q.error} feature="The call" onRetry={() => void q.refetch()} />
        )}
      </div>
    );
  }
  const c = q.data;
  const x = c.extraction;
  const transcript = c.transcript ?? [];
  const intel = x ? INTEL.filter((f) => typeof x[f] === 'string' && x[f]) : [];
  return (
    <div className="page page-call">
      {back}
      <PageHeader
        title={
          <>
            Call <span className="mono call-sid">{c.call_sid}</span>
          </>
        }
        subtitle={`${fmtDateTime(c.started_at, { seconds: true, year: true })} · ${fmtDuration(c.duration_sec)}`}
        actions={
          <>
            {c.tier ? <span className={`badge badge-t${c.tier}`}>Tier {c.tier}</span> : <span className="badge">No tier</span>}
            {c.hooked ? <span className="badge badge-ok">Hooked</span> : <span className="badge">Not hooked</span>}
          </>
        }
      />
      <div className="call-layout">
        <Panel
          title="Transcript"
          testId="transcript"
          subtitle={transcript.length ? `${transcript.length} turns · highlighted: what the auditor extracted` : undefined}
        >
          {transcript.length === 0 ? (
            <Empty>No transcript was ingested for this call.</Empty>
          ) : (
            <>
              <div className="legend" aria-hidden="true">
                <mark className="intel intel-t1">Tier 1</mark> <mark className="intel intel-t2">Tier 2</mark>{' '}
                <mark className="intel intel-t3">Tier 3</mark> <mark className="intel intel-other">Other intel</mark>{' '}
                <mark className="intel intel-usd">Dollars</mark>
              </div>
              <ol className="conversation">
                {transcript.map((t, i) => (
                  <Turn key={i} t={t} ns={ns} re={re} />
                ))}
              </ol>
            </>
          )}
        </Panel>
        <div className="call-side">
          <Panel title="Extracted intel" testId="intel">
            {!x ? (
              <Empty>No extraction for this call.</Empty>
            ) : (
              <>
                {intel.length === 0 ? (
                  <p className="muted">No intel fields were extracted.</p>
                ) : (
                  <dl className="facts">
                    {intel.map((f) => (
                      <Fact key={f} label={LABELS[f]}>
                        {COPYABLE.has(f) ? (
                          <span className="copyable" data-field={f}>
                            <mark className={`intel intel-${groupOf(f)}`}>{String(x[f])}</mark>
                            <CopyButton text={String(x[f])} what={LABELS[f].toLowerCase()} />
                          </span>
                        ) : (
                          <mark className={`intel intel-${groupOf(f)}`}>{valueLabel(f, String(x[f]))}</mark>
                        )}
                      </Fact>
                    ))}
                  </dl>
                )}
                <dl className="facts facts-numbers">
                  <Fact label="Auditor confidence">{fmtPct(x.auditor_confidence)}</Fact>
                  <Fact label="Dollar asks">
                    {(x.dollar_asks ?? []).length ? (
                      <span className="asks">
                        {(x.dollar_asks ?? []).map((a, i) => (
                          <mark key={i} className="intel intel-usd">
                            {fmtUsd(a)}
                          </mark>
                        ))}
                      </span>
                    ) : (
                      'none'
                    )}
                  </Fact>
                  <Fact label="Dollars dangled">{fmtUsd(x.dollars_dangled)}</Fact>
                </dl>
              </>
            )}
          </Panel>
          <Panel title="Call details" testId="details">
            <dl className="facts">
              <Fact label="Caller ID">
                {fmtCallerId(c.caller_id)}
                {c.caller_state && (
                  <>
                    {' '}
                    · {stateName(c.caller_state)}
                    {c.caller_area_code ? ` (area code ${c.caller_area_code})` : ''}
                  </>
                )}
              </Fact>
              <Fact label="Persona">{c.persona ? personaLabel(c.persona) : '—'}</Fact>
              <Fact label="Ended because">{c.disconnect_reason ? reasonLabel(c.disconnect_reason) : '—'}</Fact>
              <Fact label="Closed cleanly">{c.cleanly_closed === true ? 'Yes' : c.cleanly_closed === false ? 'No' : '—'}</Fact>
              <Fact label="Duration">{fmtDuration(c.duration_sec)}</Fact>
            </dl>
          </Panel>
        </div>
      </div>
    </div>
  );
}
