// The demo records in the CONTRACT §5 ingest shape, as JSON.

import type { DisconnectReason, IntelField, Speaker } from '../domain/call.js';

export type IngestExtractionJson = { [K in IntelField]: string | null } & {
  auditor_confidence: number | null;
  dollar_asks: number[];
  dollars_dangled: number | null;
};

export interface IngestTranscriptTurnJson {
  speaker: Speaker;
  text: string;
  offset_sec: number;
}

/** One record of `POST /api/ingest/calls` (CONTRACT §5), ready for JSON.stringify. */
export interface IngestCallJson {
  call_sid: string;
  started_at: string;
  duration_sec: number;
  caller_id: string | null;
  persona: string | null;
  disconnect_reason: DisconnectReason | null;
  cleanly_closed: boolean | null;
  transcript?: IngestTranscriptTurnJson[];
  extraction: IngestExtractionJson | null;
}
