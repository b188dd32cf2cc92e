// The agent panel: ask in words, see the tools it used and the sources behind the answer.
// Transcript sources link to the call page; metric sources are chips.

import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { ProNotice, Unavailable } from '../components/states';
import { fmtDateTime } from '../lib/format';
import { Link, matchRoute, useLocation } from '../lib/router';
import { useTier } from '../lib/tier';
import type { Source } from '../lib/types';
import { useWindow } from '../lib/window';
import { ask, newConversation, stop, useAgent, type AgentTurn } from './store';

const SUGGESTIONS = [
  'How many tier-1 calls did we get in the last 7 days?',
  'Which brands were impersonated most this week?',
  'Show me a recent call that asked for gift cards.',
  'Which mule banks appeared in the last 30 days?',
];

const ISO_RE = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z/g;
/** Source labels carry RFC 3339 instants; show them the way the rest of the dashboard does. */
const readableLabel = (label: string) => label.replace(ISO_RE, (iso) => fmtDateTime(iso));

const SID_RE = /\bCA[A-Za-z0-9_-]{6,62}\b/g;

/** Answer text with the call_sids it mentions turned into links to the call page. */
function AnswerText({ text, sids }: { text: string; sids: string[] }) {
  const known = new Set(sids);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(SID_RE)) {
    if (!known.has(m[0])) continue;
    const i = m.index ?? 0;
    parts.push(text.slice(last, i));
    parts.push(
      <Link key={i} to={`/calls/${encodeURIComponent(m[0])}`} className="mono">
        {m[0]}
      </Link>,
    );
    last = i + m[0].length;
  }
  parts.push(text.slice(last));
  return <p className="answer-text">{parts}</p>;
}

function Sources({ sources }: { sources: Source[] }) {
  const calls = sources.filter((s) => s.type === 'transcript' && s.ref?.call_sid);
  const metrics = sources.filter((s) => s.type === 'metric');
  if (!calls.length && !metrics.length) return null;
  return (
    <div className="sources">
      {metrics.length > 0 && (
        <div className="source-group">
          <span className="source-label">From</span>
          {metrics.map((s, i) => (
            <span key={i} className="chip chip-metric" title={s.ref?.tool ? `Tool: ${s.ref.tool}` : undefined} data-source="metric">
              {readableLabel(s.label)}
            </span>
          ))}
        </div>
      )}
      {calls.length > 0 && (
        <div className="source-group">
          <span className="source-label">Calls</span>
          <ul className="source-calls">
            {calls.map((s, i) => (
              <li key={i}>
                <Link to={`/calls/${encodeURIComponent(String(s.ref.call_sid))}`} data-source="transcript">
                  {s.label || String(s.ref.call_sid)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function TurnView({ t }: { t: AgentTurn }) {
  const sids = t.answer?.referenced_call_sids ?? [];
  return (
    <li className="agent-turn" data-status={t.status}>
      <p className="question">
        <span className="sr-only">You asked: </span>
        {t.question}
      </p>
      <div className="answer">
        {t.tools.length > 0 && (
          <details className="tools">
            <summary>
              Used {t.tools.length} {t.tools.length === 1 ? 'tool' : 'tools'}: {[...new Set(t.tools.map((x) => x.name))].join(', ')}
            </summary>
            <ol>
              {t.tools.map((x, i) => (
                <li key={i}>
                  <code className="tool-name">{x.name}</code>
                  <pre className="tool-args">{JSON.stringify(x.args)}</pre>
                  {x.result_preview && <pre className="tool-result">{x.result_preview}</pre>}
                </li>
              ))}
            </ol>
          </details>
        )}
        {t.text && <AnswerText text={t.text} sids={sids} />}
        {t.status === 'streaming' && (
          <p className="thinking" role="status">
            <span className="spinner" aria-hidden="true" /> {t.tools.length ? 'Working…' : 'Thinking…'}
          </p>
        )}
        {t.status === 'error' &&
          t.error &&
          (t.error.code === 'tier_required' ? (
            <ProNotice feature="The agent" />
          ) : t.error.unavailable ? (
            <Unavailable feature="The agent" />
          ) : (
            <p className="form-error" role="alert">
              {t.error.detail}
            </p>
          ))}
        {t.answer && <Sources sources={t.answer.sources ?? []} />}
      </div>
    </li>
  );
}

export default function AgentChat({ variant, onClose }: { variant: 'page' | 'side'; onClose?: () => void }) {
  const { turns, busy } = useAgent();
  const tier = useTier();
  const w = useWindow();
  const [question, setQuestion] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const logRef = useRef<HTMLOListElement>(null);
  const id = useId();
  const dashboardRange = w.sel.kind === 'named' ? w.sel.range : undefined;
  // Beside a call page, questions can be anchored to that call (context_call_sid).
  const route = matchRoute(useLocation().pathname);
  const callSid = route.page === 'call' ? route.sid : undefined;
  const [aboutCall, setAboutCall] = useState(true);

  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [turns]);

  const send = (text: string) => {
    const q = text.trim();
    if (q.length < 2) return setHint('Ask a question of at least 2 characters.');
    if (q.length > 2000) return setHint('Questions are limited to 2,000 characters.');
    setHint(null);
    setQuestion('');
    void ask(q, { dashboardRange, contextCallSid: callSid && aboutCall ? callSid : undefined });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(question);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!busy) send(question);
    }
  };

  return (
    <section className={`agent agent-${variant}`} aria-labelledby={`${id}h`} data-testid="agent">
      <header className="agent-head">
        <div>
          {/* On its own page the agent is the page's heading (one h1 per page); beside another page, a section of it. */}
          {variant === 'page' ? (
            <h1 id={`${id}h`} className="h1-like" tabIndex={-1}>
              Agent
            </h1>
          ) : (
            <h2 id={`${id}h`}>Agent</h2>
          )}
          <p className="panel-sub">
            Answers from this organisation&apos;s calls{dashboardRange ? `; defaults to the last ${dashboardRange}` : ''}.
          </p>
        </div>
        <div className="agent-head-actions">
          {turns.length > 0 && (
            <button type="button" className="btn btn-small" onClick={() => void newConversation()}>
              New conversation
            </button>
          )}
          {onClose && (
            <button type="button" className="btn btn-small btn-ghost" onClick={onClose} aria-label="Close the agent panel">
              ✕
            </button>
          )}
        </div>
      </header>
      {tier === 'free' ? (
        <div className="agent-body">
          <ProNotice feature="The agent" />
        </div>
      ) : (
        <>
          {/* A list (role="log" on an <ol> would take away its list, and its items' meaning); new turns are announced. Focusable: it scrolls. */}
          <ol className="agent-log" ref={logRef} aria-live="polite" aria-label="Conversation" tabIndex={0}>
            {turns.length === 0 && (
              <li className="agent-empty">
                <p>Ask about scams, brands, payment rails or specific calls. Try:</p>
                <ul className="suggestions">
                  {SUGGESTIONS.map((s) => (
                    <li key={s}>
                      <button type="button" className="suggestion" onClick={() => send(s)}>
                        {s}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            )}
            {turns.map((t) => (
              <TurnView key={t.id} t={t} />
            ))}
          </ol>
          {callSid && (
            <label className="check agent-context">
              <input type="checkbox" checked={aboutCall} onChange={(e) => setAboutCall(e.target.checked)} /> About call{' '}
              <code>{callSid.length > 18 ? `${callSid.slice(0, 14)}…` : callSid}</code>
            </label>
          )}
          <form className="agent-form" onSubmit={submit}>
            <label htmlFor={`${id}q`} className="sr-only">
              Your question
            </label>
            <textarea
              id={`${id}q`}
              rows={2}
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
              onKeyDown={onKey}
              placeholder="Ask a question… (Enter to send, Shift+Enter for a new line)"
              maxLength={2000}
              data-testid="agent-input"
            />
            {busy ? (
              <button type="button" className="btn" onClick={stop}>
                Stop
              </button>
            ) : (
              <button type="submit" className="btn btn-primary" data-testid="agent-send">
                Ask
              </button>
            )}
          </form>
          {hint && (
            <p className="form-error agent-hint" role="alert">
              {hint}
            </p>
          )}
        </>
      )}
    </section>
  );
}
