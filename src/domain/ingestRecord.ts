// Validation and normalisation of one ingested call record (CONTRACT §5; mule bank names to one
// spelling). A record that fails is reported with field paths and rejected alone; the
// others are stored.

import { Type, type Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value, type ValueError } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import type { FieldError } from '../errors.js';
import { CALL_SID_PATTERN, DISCONNECT_REASONS, INTEL_FIELDS, SPEAKERS, type CallRecord, type Extraction, type IntelField } from './call.js';
import { LiteralUnion } from './enumSchemas.js';
import { parseRfc3339 } from './time.js';
import { normaliseBankName } from './indicators/bankNames.js';

const MAX_STRING = 512;
const MAX_TURN_TEXT = 100_000;
/** The largest dollar amount: sums of many calls stay exact in integer cents. */
const MAX_AMOUNT = 1_000_000_000;
const MAX_OFFSET_SEC = 86_400;
const Str = Type.Union([Type.String(), Type.Null()]);
const Amount = (description: string) =>
  Type.Number({
    minimum: 0,
    maximum: MAX_AMOUNT,
    description: `${description} In dollars, from 0 to 1,000,000,000; amounts are kept to the cent (rounded at ingest).`,
  });

const ExtractionSchema = Type.Object(
  {
    auditor_confidence: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()])),
    ...Object.fromEntries(INTEL_FIELDS.map((f) => [f, Type.Optional(Str)])),
    dollar_asks: Type.Optional(Type.Union([Type.Array(Amount('An amount the caller asked for.'), { maxItems: 1000 }), Type.Null()])),
    dollars_dangled: Type.Optional(Type.Union([Amount('The amount the persona dangled.'), Type.Null()])),
  },
  { additionalProperties: false },
);

export const CallRecordSchema = Type.Object(
  {
    call_sid: Type.String({ pattern: CALL_SID_PATTERN }),
    started_at: Type.String({ description: 'RFC 3339 timestamp' }),
    duration_sec: Type.Integer({ minimum: 0, maximum: 86_400 }),
    caller_id: Type.Optional(Str),
    persona: Type.Optional(Str),
    disconnect_reason: Type.Optional(Type.Union([...DISCONNECT_REASONS.map((r) => Type.Literal(r)), Type.Null()])),
    cleanly_closed: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    transcript: Type.Optional(
      Type.Union([
        Type.Array(
          Type.Object(
            {
              speaker: LiteralUnion(SPEAKERS),
              text: Type.String({ maxLength: MAX_TURN_TEXT }),
              offset_sec: Type.Optional(
                Type.Number({ minimum: 0, maximum: MAX_OFFSET_SEC, description: 'Seconds from the start of the call, at most 86,400' }),
              ),
            },
            { additionalProperties: false },
          ),
        ),
        Type.Null(),
      ]),
    ),
    extraction: Type.Optional(Type.Union([ExtractionSchema, Type.Null()])),
  },
  { additionalProperties: false },
);
type CallRecordJson = Static<typeof CallRecordSchema>;

const check = TypeCompiler.Compile(CallRecordSchema);

// A rejection echoes the record's call_sid and field paths (an unknown property's name), both
// bounded: 10,000 rejected 1 MiB lines of NDJSON must not make a 10 GB answer.
const MAX_ECHOED_PATH = 100;
const MAX_ECHOED_SID = 64;

const jsonPath = (pointer: string) => {
  const path =
    pointer
      .split('/')
      .slice(1)
      .map((seg, i) => (/^\d+$/.test(seg) ? `[${seg}]` : i === 0 ? seg : `.${seg}`))
      .join('') || '(record)';
  return path.length <= MAX_ECHOED_PATH ? path : `${path.slice(0, MAX_ECHOED_PATH)}…`;
};

/** Dollars rounded to the cent, so that sums can be made in integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
const roundToCent = (dollars: number): number => toCents(dollars) / 100;

// String.prototype.isWellFormed (Node 20) is ES2024, newer than our TypeScript lib.
const isWellFormed = (s: string): boolean => (s as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * Every string of a record that passed the schema (so its depth is known): U+0000 cannot be
 * stored in PostgreSQL text and a lone surrogate is not Unicode; either rejects the record
 * alone, on both engines, instead of failing the whole batch in the database.
 */
function unstorableStrings(v: unknown, path: string, errors: FieldError[]): void {
  if (typeof v === 'string') {
    if (v.includes('\u0000')) errors.push({ path, message: 'must not contain the NUL character (U+0000)' });
    else if (!isWellFormed(v)) errors.push({ path, message: 'must be well-formed Unicode (no lone surrogates)' });
  } else if (Array.isArray(v)) {
    v.forEach((item, i) => unstorableStrings(item, `${path}[${i}]`, errors));
  } else if (v !== null && typeof v === 'object') {
    for (const [k, item] of Object.entries(v)) unstorableStrings(item, path ? `${path}.${k}` : k, errors);
  }
}

/** Whether any string in `v` is unstorable: the cheap check every record gets, building no paths. */
function anyUnstorable(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000') || !isWellFormed(v);
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.some(anyUnstorable);
  for (const k in v) if (anyUnstorable((v as Record<string, unknown>)[k])) return true;
  return false;
}

// Trimmed; empty → null; over 512 characters is an error.
function cleanString(v: string | null | undefined, path: string, errors: FieldError[]): string | null {
  if (v === null || v === undefined) return null;
  const t = v.trim();
  if (t.length > MAX_STRING) errors.push({ path, message: `must be at most ${MAX_STRING} characters` });
  return t === '' ? null : t;
}

const INTEL_PATHS = INTEL_FIELDS.map((f) => `extraction.${f}`);

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const SCHEMA_KIND: Record<string, string> = {
  object: 'object',
  array: 'array',
  string: 'string',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  null: 'null',
};

// A failed "nullable" union says only "Expected union value"; descend into the branch that
// matches the value's kind so the error names the field inside it.
function* detailedErrors(errors: Iterable<ValueError>, prefix: string): Generator<{ path: string; message: string }> {
  for (const e of errors) {
    const branches = (e.schema as { anyOf?: TSchema[] }).anyOf;
    const branch = branches?.find((b) => SCHEMA_KIND[(b as { type?: string }).type ?? ''] === kindOf(e.value));
    if (branch && kindOf(e.value) !== 'null' && (kindOf(e.value) === 'object' || kindOf(e.value) === 'array')) {
      yield* detailedErrors(Value.Errors(branch, e.value), prefix + e.path);
    } else {
      yield { path: prefix + e.path, message: e.message };
    }
  }
}

export type RecordResult = { ok: true; record: CallRecord } | { ok: false; call_sid: string | null; errors: FieldError[] };

export function validateCallRecord(raw: unknown): RecordResult {
  const given = raw && typeof raw === 'object' ? (raw as { call_sid?: unknown }).call_sid : undefined;
  const sid = typeof given === 'string' && given.length <= MAX_ECHOED_SID ? given : null;
  if (!check.Check(raw)) {
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    for (const e of detailedErrors(check.Errors(raw), '')) {
      const path = jsonPath(e.path);
      if (seen.has(path)) continue; // union branches repeat the same path
      seen.add(path);
      errors.push({ path, message: e.message });
      if (errors.length >= 20) break;
    }
    return { ok: false, call_sid: sid, errors };
  }
  const r = raw as CallRecordJson;
  const errors: FieldError[] = [];
  if (anyUnstorable(r)) unstorableStrings(r, '', errors);
  const started = parseRfc3339(r.started_at);
  if (!started) errors.push({ path: 'started_at', message: 'must be an RFC 3339 timestamp with Z or an offset' });
  let extraction: Extraction | null = null;
  if (r.extraction) {
    const e = r.extraction as Record<string, unknown>;
    const intel = {} as Record<IntelField, string | null>;
    for (let i = 0; i < INTEL_FIELDS.length; i++)
      intel[INTEL_FIELDS[i]] = cleanString(e[INTEL_FIELDS[i]] as string | null, INTEL_PATHS[i], errors);
    // One spelling per bank ("Chase" → "JPMorgan Chase"), so every figure counts a bank once.
    if (intel.mule_bank_name !== null) intel.mule_bank_name = normaliseBankName(intel.mule_bank_name);
    if (intel.lure_category !== null && !/^[A-Z0-9_]+$/.test(intel.lure_category)) {
      errors.push({ path: 'extraction.lure_category', message: 'must be upper-case letters, digits and _' });
    }
    extraction = {
      ...intel,
      auditor_confidence: r.extraction.auditor_confidence ?? null,
      dollar_asks: (r.extraction.dollar_asks ?? []).map(roundToCent),
      dollars_dangled: r.extraction.dollars_dangled == null ? null : roundToCent(r.extraction.dollars_dangled),
    };
  }
  const record: CallRecord = {
    call_sid: r.call_sid,
    started_at: started ?? new Date(0),
    duration_sec: r.duration_sec,
    caller_id: cleanString(r.caller_id, 'caller_id', errors),
    persona: cleanString(r.persona, 'persona', errors),
    disconnect_reason: r.disconnect_reason ?? null,
    cleanly_closed: r.cleanly_closed ?? null,
    transcript: (r.transcript ?? []).map((t) => ({ ...t })),
    extraction,
  };
  if (errors.length) return { ok: false, call_sid: sid, errors };
  return { ok: true, record };
}
