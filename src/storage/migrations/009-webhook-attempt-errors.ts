import type { Migration } from './migration.js';

export const migration009: Migration = {
  version: 9,
  name: 'webhook attempts: fixed error phrases, short response excerpts',
  // The deliveries log is shown to API users: errors stored before named hosts, resolved
  // addresses and socket messages. They become the fixed phrases of src/delivery/send.ts.
  sql: () => [
    `UPDATE webhook_attempts SET
       error = CASE
         WHEN error IS NULL OR error LIKE 'HTTP %' THEN error
         WHEN error LIKE 'refused:%' THEN 'refused: non-public address'
         WHEN error LIKE 'cannot resolve%' THEN 'DNS lookup failed'
         WHEN error LIKE 'timed out after %' THEN 'timeout after ' || substr(error, 17)
         WHEN error LIKE 'redirect %' THEN 'redirect ' || CAST(response_status AS TEXT) || ' not followed'
         WHEN error = 'the target URL is not valid' THEN 'invalid target URL'
         ELSE 'connection failed'
       END,
       response_body = substr(response_body, 1, 256)
     WHERE error IS NOT NULL OR length(response_body) > 256`,
  ],
};
