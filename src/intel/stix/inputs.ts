// Builder inputs from stored rows (storage/queries/stixInputs.ts returns plain rows and value
// histories; the STIX-shaped reading of them — excerpts, indicator checks, histories per
// object — happens here, above storage).

import type { TranscriptTurn } from '../../domain/call.js';
import { indicatorValidity } from '../../domain/indicators/validity.js';
import { historyKey, type StixCallRow, type ValueHistories } from '../../storage/queries/stixInputs.js';
import { excerptFor } from './excerpt.js';
import type { Marking } from './markings.js';
import type { StixCallInput } from './types.js';

function turnsOf(json: string | null): TranscriptTurn[] {
  if (json === null) return [];
  try {
    const t = JSON.parse(json);
    return Array.isArray(t) ? t : [];
  } catch {
    return [];
  }
}

/** One call's builder input. */
function stixInputOf(r: StixCallRow, histories: ValueHistories, marking: Marking): StixCallInput {
  const account = r.mule_bank_account_number;
  const wallet = r.crypto_wallet_address;
  const brand = r.impersonated_brand;
  const turns = account || wallet ? turnsOf(r.transcript_json) : [];
  const h = (...k: Parameters<typeof historyKey>) => histories.get(historyKey(...k)) ?? null;
  return {
    org_id: r.org_id,
    call_sid: r.call_sid,
    started_at_ms: r.started_at,
    duration_sec: r.duration_sec,
    ingested_at_ms: r.ingested_at,
    caller_id: r.caller_id,
    impersonated_brand: brand,
    auditor_confidence: r.auditor_confidence,
    mule_bank_name: r.mule_bank_name,
    mule_bank_routing_number: r.mule_bank_routing_number,
    mule_bank_account_number: account,
    mule_account_holder_name: r.mule_account_holder_name,
    crypto_wallet_address: wallet,
    crypto_chain: r.crypto_chain,
    validity: indicatorValidity(r),
    excerpts: { account: excerptFor(turns, account), wallet: excerptFor(turns, wallet) },
    history: {
      phone: r.caller_id === null ? null : h('phone', r.caller_id),
      bankAccount:
        account === null && r.mule_bank_routing_number === null
          ? null
          : h('bankAccount', account, r.mule_bank_routing_number, r.mule_account_holder_name, r.mule_bank_name),
      wallet: wallet === null ? null : h('wallet', wallet, r.crypto_chain?.toLowerCase() ?? null),
      brand: brand === null ? null : h('brand', brand),
      accountIndicator: account === null ? null : h('account', account),
      walletIndicator: wallet === null ? null : h('walletValue', wallet),
      accountBrand: account === null || brand === null ? null : h('accountBrand', account, brand),
      walletBrand: wallet === null || brand === null ? null : h('walletBrand', wallet, brand),
    },
    marking,
  };
}

export const stixInputsOf = (rows: readonly StixCallRow[], histories: ValueHistories, marking: Marking): StixCallInput[] =>
  rows.map((r) => stixInputOf(r, histories, marking));
