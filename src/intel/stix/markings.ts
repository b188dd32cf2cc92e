// TLP 2.0 as STIX 2.1 marking definitions: the objects OASIS published
// (oasis-open/cti-stix-common-objects, extension-definitions/tlp-2.0), with their fixed ids and
// `created`, so every consumer (OpenCTI, MISP, the stix2 library) recognises them by id. Marking
// definitions are not versioned (STIX 2.1 §7.2.1): no `modified`.

import type { Db } from '../../storage/db.js';
import { orgTlpOf, setOrgTlp } from '../../storage/queries/orgMarking.js';
import type { StixObject } from './object.js';

export const TLP_LEVELS = ['clear', 'green', 'amber', 'amber+strict', 'red'] as const;
export type TlpLevel = (typeof TLP_LEVELS)[number];
const DEFAULT_TLP: TlpLevel = 'amber';

/** The TLP 2.0 extension definition every TLP 2.0 marking declares itself through (published by OASIS). */
const TLP2_EXTENSION_ID = 'extension-definition--60a3c5c5-0d10-413e-aab3-9e08dde9e88d';
const TLP2_CREATED = '2022-10-01T00:00:00.000Z';

const TLP2_IDS: Record<TlpLevel, string> = {
  clear: 'marking-definition--94868c89-83c2-464b-929b-a1a8aa3c8487',
  green: 'marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb',
  amber: 'marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421',
  'amber+strict': 'marking-definition--939a9414-2ddd-4d32-a0cd-375ea402b003',
  red: 'marking-definition--e828b379-4e03-4974-9ac4-e53a884c97c1',
};

const isTlpLevel = (v: unknown): v is TlpLevel => typeof v === 'string' && (TLP_LEVELS as readonly string[]).includes(v);

/** "TLP:AMBER+STRICT": the marking's name, and MISP's tag without the lower case. */
export const tlpName = (level: TlpLevel): string => `TLP:${level.toUpperCase()}`;

export const tlpMarkingId = (level: TlpLevel): string => TLP2_IDS[level];

export function tlpMarkingDefinition(level: TlpLevel): StixObject {
  return {
    type: 'marking-definition',
    spec_version: '2.1',
    id: TLP2_IDS[level],
    created: TLP2_CREATED,
    name: tlpName(level),
    extensions: { [TLP2_EXTENSION_ID]: { extension_type: 'property-extension', tlp_2_0: level } },
  };
}

/** How an org marks its intel: the TLP level and when it was set (epoch ms; 0 for the default never changed). */
export interface Marking {
  tlp: TlpLevel;
  setAtMs: number;
}

export const DEFAULT_MARKING: Marking = { tlp: DEFAULT_TLP, setAtMs: 0 };

/** The org's marking from its stored TLP (null or unknown: the default, never changed). */
export async function orgMarkingOf(db: Db, orgId: string): Promise<Marking> {
  const row = await orgTlpOf(db, orgId);
  if (!isTlpLevel(row.tlp)) return DEFAULT_MARKING;
  return { tlp: row.tlp, setAtMs: row.setAt ?? 0 };
}

/** Sets the org's TLP; the level it already has changes nothing (no object gets a new version). */
export async function setOrgMarking(db: Db, orgId: string, tlp: TlpLevel, now: number): Promise<void> {
  if ((await orgMarkingOf(db, orgId)).tlp !== tlp) await setOrgTlp(db, orgId, tlp, now);
}
