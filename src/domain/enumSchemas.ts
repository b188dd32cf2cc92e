// TypeBox schemas for a fixed list of strings, defined once for every API area, the agent's
// tools and ingest. Two shapes, because the JSON Schema (and so OpenAPI and the validation
// messages) differ: a string `enum`, or a union of `const` literals.

import { Type, type SchemaOptions } from '@sinclair/typebox';

/** `{ type: 'string', enum: [...] }`: an unknown value is a 400 that lists the allowed ones. */
export const StringEnum = <T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** `anyOf` of one `const` per value (what ingest, the call detail and the agent's tools publish). */
export const LiteralUnion = <T extends string>(values: readonly T[], options: SchemaOptions = {}) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );
