// The shape of an emitted STIX object, apart from the builder's inputs (types.ts), so that
// markings.ts can use it without types.ts and markings.ts importing each other.

/** A STIX 2.1 object as emitted: plain JSON, property order fixed by the builder. */
export type StixObject = { type: string; id: string } & Record<string, unknown>;
