// STIX patterning string literals: single-quoted, with `\` and `'` escaped by a backslash
// (STIX 2.1 patterning §9.3: "\\" and "\'" are the only escapes a string literal needs).

export const patternString = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** `[type:property = 'value']`: one comparison expression in one observation. */
export const equalsPattern = (type: string, property: string, value: string): string => `[${type}:${property} = ${patternString(value)}]`;
