import { Type } from '@sinclair/typebox';
import { CALL_SID_PATTERN } from '../../domain/call.js';

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));

export const AskBody = Type.Object(
  {
    question: Type.String({ minLength: 2, maxLength: 2000, description: 'The question in plain language' }),
    session_id: nullable(
      Type.String({ pattern: UUID_PATTERN, description: 'Client-generated UUID; prior turns of the session are replayed for follow-ups' }),
    ),
    dashboard_range: nullable(
      Type.String({ pattern: '^[1-9][0-9]*[hdw]$', description: 'Window when the question names none, e.g. 7d (default 7d)' }),
    ),
    context_call_sid: nullable(
      Type.String({ pattern: CALL_SID_PATTERN, description: 'A call the question is about (404 when unknown or outside the slice)' }),
    ),
    context_chart_id: nullable(Type.String({ maxLength: 200, description: 'The dashboard chart the user is looking at' })),
  },
  { additionalProperties: false },
);

const Args = Type.Record(Type.String(), Type.Unknown());

const ToolCallOut = Type.Object({
  name: Type.String(),
  args: Args,
  result_preview: Type.String({ maxLength: 500 }),
});

const SourceOut = Type.Object(
  {
    type: Type.Union([Type.Literal('metric'), Type.Literal('transcript'), Type.Literal('none')]),
    label: Type.String(),
    ref: Type.Record(Type.String(), Type.Unknown(), { description: '{tool} for metric, {call_sid} for transcript, {} for none' }),
  },
  { $id: 'Source' },
);

export const AnswerOut = Type.Object({
  question: Type.String(),
  answer: Type.String({ description: 'Grounded answer: every number comes from a tool result of this request' }),
  tool_calls: Type.Array(ToolCallOut),
  referenced_call_sids: Type.Array(Type.String()),
  sources: Type.Array(SourceOut),
  tokens_used: Type.Object({ input: Type.Integer(), output: Type.Integer() }),
  duration_ms: Type.Integer(),
});

export const StreamOut = Type.Object({
  events: Type.Array(
    Type.Object(
      { type: Type.String({ description: 'tool_call | answer_delta | answer | error' }) },
      {
        additionalProperties: true,
        description:
          'tool_call {name, args, result_preview}; answer_delta {text}; answer {answer: the answer object}; error {code, detail}. The last event is answer or error.',
      },
    ),
  ),
});

export const SessionParams = Type.Object({ session_id: Type.String({ pattern: UUID_PATTERN }) });

export const SessionOut = Type.Object({
  session_id: Type.String(),
  turns: Type.Array(
    Type.Object({
      question: Type.String(),
      answer: Type.String(),
      sources: Type.Array(SourceOut),
      referenced_call_sids: Type.Array(Type.String()),
      created_at: Type.String({ description: 'RFC 3339 UTC' }),
    }),
  ),
});
