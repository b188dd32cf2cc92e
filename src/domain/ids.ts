// Record ids: a prefix naming the kind of record ("org", "key", "ss", "whs", "evt", …), an
// underscore and 32 random lower-case hex digits, so an id says what it names.

import { randomUUID } from 'node:crypto';

export const newId = (prefix: string): string => `${prefix}_${randomUUID().replace(/-/g, '')}`;
