// STIX 2.1 builder (issue 14): pure functions from stored tier-1 calls to STIX objects.
//
// Public interface (used by the STIX export and the TAXII server):
//   stixObjectsForCall(c: StixCallInput): StixObject[]
//     All objects one tier-1 call contributes, ids deterministic: the custom SCOs
//     (phone-number for the caller ID, bank-account, cryptocurrency-wallet), the impersonated
//     brand's identity, an indicator per account number and per wallet (none for a wallet whose
//     StixCallInput.validity says it fails its checksum) (+ relationship
//     related-to the brand), one observed-data of the call, a sighting per indicator and a note
//     with the transcript turn that revealed it. [] when the call revealed none of caller ID,
//     account or routing number, wallet. Objects refer to staticObjects() (created_by_ref,
//     where_sighted_refs, the SCOs' extensions), which are not repeated per call.
//   staticObjects(): StixObject[]  — our identity ("Honeypot Intel") and the extension-definition.
//   StixCallInput — what a call must provide; storage/queries/stixInputs.ts reads it
//     (stixInputPages for the export's window; stixInputsOf(db, principal, rows) for rows a
//     caller selected itself with STIX_INPUT_COLUMNS, e.g. TAXII's (ingested_at, call_sid) pages).
//
// Ids: SCOs per STIX 2.1 §2.9 (UUIDv5, the STIX SCO namespace, JCS of every property present),
// so the same value is the same SCO for any producer. SDOs/SROs: UUIDv5 in our namespace
// HONEYPOT_NAMESPACE of the type and parts: identity of a brand ← its name; indicator ← org id +
// pattern (one object per value and org across exports and windows); observed-data ← org id +
// call_sid; sighting/note ← org id + call_sid + indicator id; relationship ← its ends.
// Timestamps: indicators (and their relationships) take the value's first sighting in the
// reader's slice (StixCallInput.first_seen), so their content does not depend on the window;
// per-call objects are created at the call's start and modified at its ingest; ours and the
// brands' are fixed (STATIC_CREATED). Indicator content can differ between a scoped key and
// the whole org (first sightings are read in the reader's slice, so nothing outside it leaks).
// stixBundleChunks (bundle.ts) writes a whole bundle from pages, each shared object once.

export { stixObjectsForCall, staticObjects, HONEYPOT_IDENTITY_ID, EXTENSION_DEFINITION_ID, STATIC_CREATED } from './objects.js';
export { uuidv5 } from './ids.js';
export { excerptFor } from './excerpt.js';
export type { StixCallInput, StixObject } from './types.js';
export const STIX_MEDIA_TYPE = 'application/stix+json;version=2.1';
