// The MISP export's shape for the OpenAPI reference (the body is streamed, not serialised
// through this schema). MISP writes numbers such as timestamps and levels as strings.

import { Type, type Static } from '@sinclair/typebox';

const Digits = (description: string) => Type.String({ pattern: '^[0-9]+$', description });

const MispAttribute = Type.Object({
  uuid: Type.String({ format: 'uuid', description: 'UUIDv5: the same relation and value of the same call keep it' }),
  type: Type.String({ description: 'MISP attribute type: aba-rtn, bank-account-nr, iban, btc, phone-number or text' }),
  category: Type.Literal('Financial fraud'),
  value: Type.String(),
  to_ids: Type.Boolean({ description: 'true for account numbers, and for routing numbers and wallets that pass their checksums' }),
  distribution: Type.Literal('5', { description: 'Inherit the event’s' }),
  timestamp: Digits('Seconds since the epoch: when the call started'),
  comment: Type.String(),
  disable_correlation: Type.Boolean(),
  object_relation: Type.Optional(Type.String({ description: 'The relation in the object template (absent on event-level attributes)' })),
});

const MispObject = Type.Object({
  uuid: Type.String({ format: 'uuid', description: 'UUIDv5 of the event, the template name and the call' }),
  name: Type.Union([Type.Literal('bank-account'), Type.Literal('coin-address'), Type.Literal('phone-number')]),
  'meta-category': Type.String(),
  description: Type.String(),
  template_uuid: Type.String({ format: 'uuid' }),
  template_version: Digits('The MISP object template version filled'),
  distribution: Type.Literal('5'),
  timestamp: Digits('Seconds since the epoch: when the call started'),
  comment: Type.String({ description: 'The call_sid and the brand the caller impersonated' }),
  first_seen: Type.String({ description: 'Call start, RFC 3339 UTC' }),
  last_seen: Type.String({ description: 'Call end, RFC 3339 UTC' }),
  Attribute: Type.Array(MispAttribute),
});

export const MispExportDoc = Type.Object({
  Event: Type.Object({
    uuid: Type.String({ format: 'uuid', description: 'UUIDv5 of the organisation and the key scope' }),
    info: Type.String(),
    date: Type.String({ description: 'YYYY-MM-DD: the last day of the window' }),
    timestamp: Digits('Seconds since the epoch: when the export was made'),
    threat_level_id: Type.Literal('2', { description: 'Medium' }),
    analysis: Type.Literal('1', { description: 'Ongoing' }),
    distribution: Type.Literal('0', { description: 'Your organisation only' }),
    published: Type.Literal(false),
    Tag: Type.Array(Type.Object({ name: Type.String() })),
    Object: Type.Array(MispObject),
    Attribute: Type.Array(MispAttribute, { description: 'Routing numbers given without an account number, once per value' }),
  }),
});

export type MispAttribute = Static<typeof MispAttribute>;
export type MispObject = Static<typeof MispObject>;
/** The event's own members; Tag, Object and Attribute follow them in the stream. */
export type MispEventHead = Omit<Static<typeof MispExportDoc>['Event'], 'Tag' | 'Object' | 'Attribute'>;
