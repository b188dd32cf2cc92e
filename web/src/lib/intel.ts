// The intel fields of an extraction by tier, as the server's domain defines them: tier 1 is
// what identifies money (mule accounts, wallets, gift cards, drop addresses).

export const TIER1_FIELDS = [
  'mule_bank_name',
  'mule_bank_routing_number',
  'mule_bank_account_number',
  'mule_account_holder_name',
  'crypto_wallet_address',
  'crypto_chain',
  'gift_card_brand',
  'physical_mule_drop_address',
] as const;
