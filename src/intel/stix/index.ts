// STIX 2.1 builder (README, Intel out): pure functions from stored tier-1 calls to STIX objects.
//
// Public interface (used by the STIX export and the TAXII server):
//   stixItemsForCall(c: StixCallInput): StixItem[]  (stixObjectsForCall: the objects alone)
//     All objects one tier-1 call contributes, ids deterministic: the custom SCOs
//     (phone-number for the caller ID, bank-account, cryptocurrency-wallet), the impersonated
//     brand's identity, an indicator per account number and per wallet (none for a wallet whose
//     StixCallInput.validity says it fails its checksum) (+ relationship related-to the brand),
//     one observed-data of the call, a sighting per indicator and a note with the transcript
//     turn that revealed it; each with its owner (the call a TAXII collection places it with)
//     and TAXII version. [] when the call revealed none of caller ID, account or routing number,
//     wallet. Objects refer to staticObjects() (created_by_ref, where_sighted_refs, the SCOs'
//     extensions, object_marking_refs), which are not repeated per call.
//   staticObjects(marking): StixObject[]  — our identity, the extension-definition and the TLP 2.0
//     marking definition of the org's TLP (markings.ts).
//   stixInputsOf(rows, histories, marking) (inputs.ts) — builder inputs from the plain rows and
//     value histories of storage/queries/stixInputs.ts.
//
// Ids: SCOs per STIX 2.1 §2.9 (UUIDv5, the STIX SCO namespace, JCS of every property present),
// so the same value is the same SCO for any producer. SDOs/SROs: UUIDv5 in our namespace
// HONEYPOT_NAMESPACE of the type and parts: identity of a brand ← its name; indicator ← org id +
// pattern (one object per value and org across exports and windows); observed-data ← org id +
// call_sid; sighting/note ← org id + call_sid + indicator id; relationship ← its ends.
// Timestamps (STIX 2.1 §3.6) are explained at the top of objects.ts. Indicator content can
// differ between a scoped key and the whole org (histories are read in the reader's slice, so
// nothing outside it leaks).
// stixBundleChunks (bundle.ts) writes a whole bundle from pages, each shared object once.

export {
  stixItemsForCall,
  stixObjectsForCall,
  staticObjects,
  staticVersion,
  HONEYPOT_IDENTITY_ID,
  EXTENSION_DEFINITION_ID,
} from './objects.js';
export { uuidv5 } from './ids.js';
export { excerptFor } from './excerpt.js';
export { stixInputsOf } from './inputs.js';
export { DEFAULT_MARKING, orgMarkingOf, type Marking, type TlpLevel } from './markings.js';
export type { AddedAt, StixCallInput, StixObject } from './types.js';
export const STIX_MEDIA_TYPE = 'application/stix+json;version=2.1';
