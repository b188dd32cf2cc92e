/** A campaign id: `cmp_` and 16 hex digits of SHA-256 over its earliest link key (components.ts idOf). */
export const CAMPAIGN_ID_PATTERN = '^cmp_[0-9a-f]{16}$';
