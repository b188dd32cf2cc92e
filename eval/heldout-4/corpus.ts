// The corpus reader is the first held-out set's, unchanged: every call read back through the REST API.
export * from '../heldout/corpus.js';
