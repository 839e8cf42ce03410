// A second contract as the wire carries it: stakes and prices as decimal strings, the rate as a
// fraction, times as ISO strings; once its group is settled, its outcome and payout by the rule.
import { displayAmount } from '../../core/money.ts';
import { outcomeOf, payoutOf } from '../../core/option/settlement.ts';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import type { GroupSettlement, OptionRow } from './option-store.ts';

/** Parts per 10^6 as a fraction: 850000 → `0.85`. */
export function rateText(ratePpm: number): string {
  const whole = Math.floor(ratePpm / 1_000_000);
  const fraction = String(ratePpm % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const amount = (atoms: bigint | null) => (atoms === null ? null : displayAmount(atoms));

export function optionView(row: OptionRow, settlement: GroupSettlement | null): OptionContract {
  const outcome = settlement ? outcomeOf(row.direction, settlement.upOutcome) : null;
  return {
    id: row.id,
    symbol: row.symbol,
    direction: row.direction,
    unit: row.unit,
    length: row.length,
    stake: displayAmount(row.stake),
    payout_rate: rateText(row.ratePpm),
    accepted_at: new Date(row.acceptedAt).toISOString(),
    open_time: new Date(row.openTime).toISOString(),
    expiry_time: new Date(row.expiryTime).toISOString(),
    open_price: amount(settlement?.openPrice ?? null),
    open_print_at: iso(settlement?.openPrintAt ?? null),
    settle_price: amount(settlement?.settlePrice ?? null),
    settle_print_at: iso(settlement?.settlePrintAt ?? null),
    status: settlement ? 'settled' : 'open',
    outcome,
    payout: outcome ? displayAmount(payoutOf(outcome, row.stake, row.ratePpm)) : null,
    settled_at: iso(settlement?.settledAt ?? null),
  };
}
