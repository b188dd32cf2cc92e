// Moved to storage/queries/outbox.ts (storage owns all SQL). This re-export stays only until
// storage/queries/upsertCalls.ts imports the outbox from there; then delete this file.
export { newOutboxBatch, queueCallDeliveries, recordCallEvents, type OutboxBatch } from '../storage/queries/outbox.js';
