// The agent conversation: one session id (a UUID kept for this tab), the turns asked so far,
// and the streaming of POST /api/agent/ask-stream as server-sent events.

import { useSyncExternalStore } from 'react';
import { answerAgentQuestions } from '../lib/agentBridge';
import { apiResponse, ApiError } from '../lib/api';
import { onSignOut } from '../lib/session';
import type { AgentAnswer, ToolCall } from '../lib/types';

export interface AgentTurn {
  id: string;
  question: string;
  status: 'streaming' | 'done' | 'error';
  tools: ToolCall[];
  /** The answer text as it streams; replaced by the final answer's text. */
  text: string;
  answer?: AgentAnswer;
  error?: { code: string; detail: string; status?: number; unavailable?: boolean };
}

interface State {
  sessionId: string;
  turns: AgentTurn[];
}

const STORE = 'hp.agent';

function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; build a v4 UUID by hand.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function load(): State {
  try {
    const s = JSON.parse(sessionStorage.getItem(STORE) ?? 'null') as State | null;
    if (s && typeof s.sessionId === 'string' && Array.isArray(s.turns)) {
      // A turn interrupted by a reload is not coming back.
      return {
        sessionId: s.sessionId,
        turns: s.turns.map((t) =>
          t.status === 'streaming' ? { ...t, status: 'error', error: { code: 'interrupted', detail: 'This answer was interrupted.' } } : t,
        ),
      };
    }
  } catch {
    /* ignore */
  }
  return { sessionId: uuid(), turns: [] };
}

let state: State = load();
let controller: AbortController | null = null;
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  try {
    sessionStorage.setItem(STORE, JSON.stringify(state));
  } catch {
    /* ignore */
  }
  listeners.forEach((l) => l());
}

function update(id: string, fn: (t: AgentTurn) => AgentTurn) {
  set({ ...state, turns: state.turns.map((t) => (t.id === id ? fn(t) : t)) });
}

// The conversation belongs to the session: after sign-out the next sign-in starts afresh.
onSignOut(() => {
  controller?.abort();
  state = { sessionId: uuid(), turns: [] };
  listeners.forEach((l) => l());
});

export function useAgent(): State & { busy: boolean } {
  const s = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
  return { ...s, busy: s.turns.some((t) => t.status === 'streaming') };
}

interface StreamEvent {
  type?: string;
  name?: string;
  args?: Record<string, unknown>;
  result_preview?: string;
  text?: string;
  answer?: unknown;
  code?: string;
  detail?: string;
}

function apply(id: string, ev: StreamEvent) {
  switch (ev.type) {
    case 'tool_call':
      update(id, (t) => ({
        ...t,
        tools: [...t.tools, { name: String(ev.name ?? 'tool'), args: ev.args ?? {}, result_preview: String(ev.result_preview ?? '') }],
      }));
      break;
    case 'answer_delta':
      update(id, (t) => ({ ...t, text: t.text + (ev.text ?? '') }));
      break;
    case 'answer': {
      // `answer` carries the whole answer object, nested or spread into the event.
      const a = (ev.answer && typeof ev.answer === 'object' ? ev.answer : ev) as AgentAnswer;
      update(id, (t) => ({
        ...t,
        status: 'done',
        answer: a,
        text: typeof a.answer === 'string' ? a.answer : t.text,
        tools: Array.isArray(a.tool_calls) && a.tool_calls.length >= t.tools.length ? a.tool_calls : t.tools,
      }));
      break;
    }
    case 'error':
      update(id, (t) => ({
        ...t,
        status: 'error',
        error: { code: ev.code ?? 'error', detail: ev.detail ?? 'The agent could not answer.' },
      }));
      break;
  }
}

/** Parses a text/event-stream body: blocks separated by a blank line, `event:` and `data:` fields. */
async function readSse(res: Response, onEvent: (ev: StreamEvent) => void) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  const flush = (block: string) => {
    let event = '';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (!line || line.startsWith(':')) continue;
      const i = line.indexOf(':');
      const field = i < 0 ? line : line.slice(0, i);
      const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (!data.length) return;
    try {
      const obj = JSON.parse(data.join('\n')) as StreamEvent;
      onEvent({ ...obj, type: obj.type ?? event });
    } catch {
      /* a non-JSON keep-alive or comment: ignore */
    }
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    const blocks = buf.split(/\r?\n\r?\n/);
    buf = blocks.pop() ?? '';
    blocks.forEach(flush);
  }
  if (buf.trim()) flush(buf);
}

export async function ask(question: string, opts: { dashboardRange?: string; contextCallSid?: string; contextChartId?: string } = {}) {
  const id = uuid();
  set({ ...state, turns: [...state.turns, { id, question, status: 'streaming', tools: [], text: '' }] });
  controller = new AbortController();
  try {
    const res = await apiResponse('/api/agent/ask-stream', {
      method: 'POST',
      accept: 'text/event-stream',
      signal: controller.signal,
      body: {
        question,
        session_id: state.sessionId,
        ...(opts.dashboardRange ? { dashboard_range: opts.dashboardRange } : {}),
        ...(opts.contextCallSid ? { context_call_sid: opts.contextCallSid } : {}),
        ...(opts.contextChartId ? { context_chart_id: opts.contextChartId } : {}),
      },
    });
    const onEvent = (ev: StreamEvent) => apply(id, ev);
    if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) await readSse(res, onEvent);
    else ((await res.json()) as { events?: StreamEvent[] }).events?.forEach(onEvent);
    update(id, (t) =>
      t.status === 'streaming'
        ? { ...t, status: 'error', error: { code: 'incomplete', detail: 'The answer stream ended before the answer was complete.' } }
        : t,
    );
  } catch (err) {
    const aborted = (err as Error).name === 'AbortError';
    const e =
      err instanceof ApiError
        ? { code: err.code, detail: err.detail, status: err.status, unavailable: err.unavailable }
        : { code: aborted ? 'stopped' : 'error', detail: aborted ? 'Stopped.' : (err as Error).message };
    update(id, (t) => ({ ...t, status: 'error', error: e }));
  } finally {
    controller = null;
  }
}

export function stop() {
  controller?.abort();
}

export async function newConversation() {
  stop();
  const old = state.sessionId;
  set({ sessionId: uuid(), turns: [] });
  // Best effort: the server forgets the old turns too.
  await apiResponse(`/api/agent/session/${old}/v2`, { method: 'DELETE' }).catch(() => {});
}

// A panel's "Explain" asks through the bridge; the questions wait there until this chunk loads.
answerAgentQuestions(ask);
