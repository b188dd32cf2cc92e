// Indicator hygiene: checksums of routing numbers and wallet addresses, and one
// spelling per bank. Pure functions, no I/O.

export { abaValid } from './aba.js';
export { btcValid } from './bitcoin.js';
export { eip55, ethValid } from './ethereum.js';
export { tronValid } from './tron.js';
export { walletChain, walletValid } from './wallet.js';
export { normaliseBankName } from './bankNames.js';
export { indicatorValidity } from './validity.js';
