// What both agents share: the request they get, the events they emit, and the tool runner
// that records every call so the answer's grounding (sources, referenced_call_sids) is built
// from real tool results.

import { runTool, sidsInResult, type ToolCallRecord, type ToolContext, type ToolName } from './run/tools.js';
import type { AgentSource, StoredTurn } from './turns.js';

export interface AgentRequest {
  question: string;
  /** The window when the question names none (body dashboard_range, else 7d). */
  dashboardRange: string;
  contextCallSid: string | null;
  contextChartId: string | null;
  /** Prior turns of the session, oldest first (same org and slice). */
  history: StoredTurn[];
}

export interface AgentOutcome {
  answer: string;
  referenced_call_sids: string[];
  sources: AgentSource[];
  tokens_used: { input: number; output: number };
  /** Kept with the turn for follow-ups. */
  context: unknown;
}

export type AgentEvent =
  | { type: 'tool_call'; name: string; args: Record<string, unknown>; result_preview: string }
  | { type: 'answer_delta'; text: string }
  | { type: 'answer'; answer: AnswerObject }
  | { type: 'error'; code: string; detail: string };

export interface AnswerObject {
  question: string;
  answer: string;
  tool_calls: Array<{ name: string; args: Record<string, unknown>; result_preview: string }>;
  referenced_call_sids: string[];
  sources: AgentSource[];
  tokens_used: { input: number; output: number };
  duration_ms: number;
}

export interface Agent {
  ask(tools: ToolRunner, req: AgentRequest): Promise<AgentOutcome>;
}

/** Runs tools for one request, records them and reports each as a `tool_call` event. */
export class ToolRunner {
  readonly calls: ToolCallRecord[] = [];
  constructor(
    readonly ctx: ToolContext,
    private readonly emit: (e: AgentEvent) => void = () => {},
  ) {}

  async call(name: ToolName, args: Record<string, unknown>): Promise<ToolCallRecord> {
    const rec = await runTool(this.ctx, name, args);
    this.calls.push(rec);
    this.emit({ type: 'tool_call', name: rec.name, args: rec.args, result_preview: rec.result_preview });
    return rec;
  }

  /** Every call_sid any tool of this request returned. */
  seenSids(): Set<string> {
    const out = new Set<string>();
    for (const c of this.calls) sidsInResult(c.result, out);
    return out;
  }
}

/** Keeps only SIDs a tool returned in this request, in order, without duplicates. */
export function groundedSids(candidates: Iterable<string>, tools: ToolRunner): string[] {
  const seen = tools.seenSids();
  return [...new Set([...candidates].filter((s) => seen.has(s)))];
}
