// The call-list filters that match a stored column by value, case-insensitively (column =
// filter name). One list for the server (callFilters.ts) and the dashboard
// (web/src/lib/callFilters.ts), which bundles this file as it is: so it imports nothing.

/** Every top-N field has one (its drill-down): mule_bank_routing → mule_bank_routing_number. */
export const VALUE_FILTERS = [
  'impersonated_brand',
  'lure_category',
  'payment_method',
  'caller_state',
  'impersonated_government_agency',
  'mule_bank_name',
  'mule_bank_routing_number',
  'crypto_chain',
  'gift_card_brand',
  'remote_desktop_app',
  'synthetic_org',
  'fake_agent_name',
] as const;
export type ValueFilter = (typeof VALUE_FILTERS)[number];
