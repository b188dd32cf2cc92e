// One ingest run: records are validated one by one, valid ones written in batches. Used by
// the HTTP route, the CLI and the benchmarks, so they all store alike (the demo seed, below
// the features, stores its generated records through the same storage calls).

import type { Readable } from 'node:stream';
import type { CallRecord } from '../../domain/call.js';
import { validateCallRecord } from '../../domain/ingestRecord.js';
import type { FieldError } from '../../errors.js';
import type { Db } from '../../storage/db.js';
import { ingestBatchSize, prepareCalls, storeCalls, type PreparedCalls } from '../../storage/queries/upsertCalls.js';
import { ndjsonLines } from './ndjsonLines.js';

/**
 * A batch (at most ingestBatchSize records) is also written once its records hold this much
 * text: 5,000 records of up to 1 MiB (NDJSON lines) were held at once, more than the process's memory.
 * Two batches are held at a time (one written, one prepared), with their lower-cased copies:
 * at 32 MiB a stream of big records took a 256 MB heap to its limit. Demo records hold about
 * 2 kB, so 5,000 of them (9 MB) stay below this and batch by count as before.
 */
const BATCH_TEXT = 16 * 1024 * 1024;
const MAX_REPORTED_REJECTIONS = 10_000;
/**
 * Records validated between two turns of the event loop. The batch in flight is a chain of
 * statements, each started when the previous one's completion is seen, and completions wait
 * for the event loop: validating a whole batch without a turn left the engine idle meanwhile.
 */
const YIELD_EVERY = 100;
const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));
/** The longest NDJSON line (one record), in bytes; a longer one is rejected as its record. */
const MAX_LINE_BYTES = 1024 * 1024;

export interface Rejection {
  index: number;
  call_sid: string | null;
  errors: FieldError[];
}

export class IngestRun {
  accepted = 0;
  created = 0;
  updated = 0;
  rejectedCount = 0;
  /** The first rejections, with their index; `rejectedCount` counts them all. */
  readonly rejected: Rejection[] = [];
  private batch: CallRecord[] = [];
  private batchText = 0;
  private inFlight: Promise<void> = Promise.resolve();
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly orgId: string,
    /** Runs after each batch has committed, e.g. to end the batch's live sessions. */
    private readonly onBatch: (records: CallRecord[]) => Promise<void> | void = () => {},
  ) {
    this.batchSize = ingestBatchSize(db);
  }

  async add(index: number, raw: unknown, parseError?: string): Promise<void> {
    const result = parseError
      ? { ok: false as const, call_sid: null, errors: [{ path: '(record)', message: parseError }] }
      : validateCallRecord(raw);
    if (!result.ok) {
      this.rejectedCount++;
      if (this.rejected.length < MAX_REPORTED_REJECTIONS) {
        this.rejected.push({ index, call_sid: result.call_sid, errors: result.errors });
      }
      return;
    }
    this.batch.push(result.record);
    this.batchText += textSize(result.record);
    if (this.batch.length >= this.batchSize || this.batchText >= BATCH_TEXT) await this.flush();
    else if (this.batch.length % YIELD_EVERY === 0) await yieldToEvents();
  }

  /**
   * Starts writing the current batch. One write stays in flight while the next batch is
   * parsed, validated and prepared (its rows and rollup counts), so JavaScript and the engine
   * work side by side; `finish()` waits for the last one. Any write error surfaces at the next
   * flush or finish.
   */
  async flush(): Promise<void> {
    const records = this.batch;
    const prepared = records.length ? prepareCalls(this.db, this.orgId, records) : null;
    this.batch = [];
    this.batchText = 0;
    await this.inFlight;
    if (!prepared) return;
    this.inFlight = this.write(records, prepared);
    this.inFlight.catch(() => {}); // handled at the next flush or finish, not as an unhandled rejection
  }

  /** Flushes and waits until every record is stored. */
  async finish(): Promise<this> {
    await this.flush();
    await this.inFlight;
    return this;
  }

  private async write(records: CallRecord[], prepared: PreparedCalls): Promise<void> {
    const r = await storeCalls(this.db, prepared);
    this.accepted += records.length;
    this.created += r.created;
    this.updated += r.updated;
    await this.onBatch(records);
  }

  /** Adds every record of an iterable (index = position), then flushes. */
  async addAll(records: Iterable<unknown>): Promise<this> {
    let i = 0;
    for (const raw of records) await this.add(i++, raw);
    return this.finish();
  }

  /**
   * Reads NDJSON line by line (never whole); blank lines are skipped, not counted. A line
   * over MAX_LINE_BYTES is rejected as its record without being held, and reading goes on.
   */
  async addNdjson(stream: Readable): Promise<this> {
    let index = 0;
    for await (const line of ndjsonLines(stream, MAX_LINE_BYTES)) {
      if ('tooLong' in line) {
        await this.add(index++, undefined, 'is longer than 1 MiB');
        continue;
      }
      if ('notUtf8' in line) {
        await this.add(index++, undefined, 'is not valid UTF-8');
        continue;
      }
      if (line.text.trim() === '') continue;
      let value: unknown;
      let parseError: string | undefined;
      try {
        value = JSON.parse(line.text);
      } catch {
        parseError = 'is not valid JSON';
      }
      await this.add(index++, value, parseError);
    }
    return this.finish();
  }
}

/** About how much text a record holds: its transcript, plus a kilobyte for everything else. */
function textSize(record: CallRecord): number {
  let n = 1024;
  for (const t of record.transcript) n += t.text.length;
  return n;
}
