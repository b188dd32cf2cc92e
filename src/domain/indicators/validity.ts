// Whether the indicators of a call are well-formed, as shown beside them in the API and exports.

import { abaValid } from './aba.js';
import { walletValid } from './wallet.js';

/** true: passes its checksum; false: fails it; null: absent, or not something we can judge. */
export interface IndicatorValidity {
  mule_bank_routing_number: boolean | null;
  crypto_wallet_address: boolean | null;
}

export interface IndicatorFields {
  mule_bank_routing_number: string | null;
  crypto_wallet_address: string | null;
  crypto_chain: string | null;
}

export function indicatorValidity(x: IndicatorFields): IndicatorValidity {
  return {
    mule_bank_routing_number: x.mule_bank_routing_number === null ? null : abaValid(x.mule_bank_routing_number),
    crypto_wallet_address: x.crypto_wallet_address === null ? null : walletValid(x.crypto_chain, x.crypto_wallet_address),
  };
}
