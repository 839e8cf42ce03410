// The second contract's rows, formatted for the locale: a contract with its two prints and what it
// paid, the durations with their published rates, the user's record, the odds of a stake at the
// published rate (core/option/odds.ts) and a verification rechecked with the rule itself
// (core/option/settlement.ts) on the prints the server showed.

import { withUnit } from '../../core/figures.ts';
import { parseAmount } from '../../core/money.ts';
import { byUnit, type DurationUnit } from '../../core/option/durations.ts';
import { oddsOf } from '../../core/option/odds.ts';
import { type ReadPrint, readPrints } from '../../core/option/prints.ts';
import { printAt, settle, winPayout } from '../../core/option/settlement.ts';
import { checkStake, ratePpmOf, type StakeBounds } from '../../core/option/stake.ts';
import { trackRecordOf } from '../../core/option/track-record.ts';
import { type OptionView, openingPrint } from '../../core/projections/option.ts';
import type { OptionVerification } from '../../core/projections/option-records.ts';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import type { IndexPrintRow } from '../../schemas/api/prints.schema.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import { signOfAtoms, usdt, usdtAtoms } from '../product-kit/usdt.ts';
import { percentOfPpm, ppm, rate, recorded, resultAtoms } from './format.ts';
import type {
  OptionContractRow,
  OptionDurationGroup,
  OptionOrderForm,
  OptionRecordView,
  OptionReview,
  OptionVerificationView,
  ReadPrintRow,
  VerifiedPrintRow,
} from './types.ts';

/** The second contract is staked and paid in the second-contract wallet, in USDT. */
export const optionWallet = 'option';
export const stakeAsset = 'USDT';

const time = (iso: string, locale: string) => formatTimestamp(iso, locale, 'seconds');

function printRow(
  print: { price: string; at: string } | null,
  locale: string,
): ReadPrintRow | null {
  return print ? { price: recorded(print.price, locale), time: time(print.at, locale) } : null;
}

export function contractRow(
  contract: OptionContract,
  option: OptionView,
  locale: string,
): OptionContractRow {
  const ratePpm = ratePpmOf(contract.payout_rate) ?? 0;
  const stake = parseAmount(contract.stake) ?? 0n;
  const opening = openingPrint(option, contract);
  const settlement =
    contract.settle_price !== null && contract.settle_print_at !== null
      ? { price: contract.settle_price, at: contract.settle_print_at }
      : null;
  const result = resultAtoms(contract.payout, contract.stake);
  return {
    id: contract.id,
    symbol: contract.symbol,
    direction: contract.direction,
    unit: contract.unit,
    length: contract.length,
    stake: usdt(contract.stake, locale),
    rate: rate(contract.payout_rate, locale),
    winPays: usdtAtoms(winPayout(stake, ratePpm), locale),
    acceptedAt: time(contract.accepted_at, locale),
    openTime: Date.parse(contract.open_time),
    expiryTime: Date.parse(contract.expiry_time),
    openTimeText: time(contract.open_time, locale),
    expiryTimeText: time(contract.expiry_time, locale),
    opening: printRow(opening, locale),
    openingValue: opening ? Number(opening.price) : null,
    settlement: printRow(settlement, locale),
    status: contract.status,
    outcome: contract.outcome,
    payout: contract.payout === null ? null : usdt(contract.payout, locale),
    result: result === null ? null : usdtAtoms(result, locale, true),
    resultSign: result === null ? 0 : signOfAtoms(result),
    settledAt: contract.settled_at === null ? null : time(contract.settled_at, locale),
  };
}

/** Durations with their rates, grouped by unit: minutes, hours, days. */
export function durationGroups(
  durations: readonly { unit: DurationUnit; length: number; payout_rate: string }[],
  locale: string,
): OptionDurationGroup[] {
  return byUnit(durations).map(({ unit, items }) => ({
    unit,
    chips: items.map((item) => ({
      unit,
      length: item.length,
      rate: rate(item.payout_rate, locale),
    })),
  }));
}

/** The user's record over the newest settled contracts the history gave. */
export function recordView(
  recent: readonly OptionContract[] | null,
  locale: string,
): OptionRecordView | null {
  if (recent === null) return null;
  const record = trackRecordOf(recent.map((contract) => contract.outcome));
  return {
    hitRate: record.hitRatePpm === null ? null : percentOfPpm(record.hitRatePpm, locale),
    wins: record.wins,
    losses: record.losses,
    undecided: record.undecided,
    sample: recent.length,
  };
}

/** The stake checked and the odds at the duration's published rate. */
export function review(
  form: OptionOrderForm,
  option: OptionView,
  available: string | null,
  locale: string,
): OptionReview {
  const offer = option.offer;
  const product = offer?.products.find(
    (item) => item.unit === form.unit && item.length === form.length,
  );
  const ratePpm = product ? ratePpmOf(product.payout_rate) : null;
  const bounds: StakeBounds = {
    minimum: offer?.min_stake ?? '0',
    maximum: offer?.max_stake ?? '0',
    available,
  };
  const checked = offer ? checkStake(form.stake, bounds) : null;
  const problem =
    checked === null || typeof checked === 'bigint'
      ? null
      : {
          rule: checked.rule,
          params:
            checked.params && 'amount' in checked.params
              ? { amount: withUnit(usdt(checked.params.amount, locale), stakeAsset, locale) }
              : (checked.params ?? {}),
        };
  const stake = typeof checked === 'bigint' ? checked : null;
  const odds = ratePpm === null ? null : oddsOf(stake ?? 0n, ratePpm);
  return {
    problem,
    stake: stake === null ? null : usdtAtoms(stake, locale),
    rate: ratePpm === null ? null : ppm(ratePpm, locale),
    payout: odds && stake !== null ? usdtAtoms(odds.payout, locale) : null,
    expectedValue: odds && stake !== null ? usdtAtoms(odds.expectedValue, locale, true) : null,
    expectedSign: odds && stake !== null ? signOfAtoms(odds.expectedValue) : 0,
    breakEven: odds ? percentOfPpm(odds.breakEvenPpm, locale) : null,
  };
}

function verifiedRows(
  window: readonly IndexPrintRow[],
  chosen: IndexPrintRow | null,
  locale: string,
): VerifiedPrintRow[] {
  return window.map((print) => ({
    time: time(print.ts, locale),
    price: recorded(print.price, locale),
    sources: print.sources.join(', '),
    stale: print.stale,
    chosen: chosen !== null && print.ts === chosen.ts,
  }));
}

/**
 * The rule run again on the windows the server showed: the print it reads at each time and the
 * outcome; null while the contract is open (its settlement window may not be recorded yet).
 */
function recheck(answer: OptionVerification): OptionVerificationView['recheck'] {
  if (answer.status !== 'settled' || answer.recorded_outcome === null) return null;
  const ratePpm = ratePpmOf(answer.payout_rate) ?? 0;
  const stake = answer.stake === null ? 0n : (parseAmount(answer.stake) ?? 0n);
  const openTime = Date.parse(answer.open_time);
  const expiryTime = Date.parse(answer.expiry_time);
  const opening: ReadPrint | null = printAt(readPrints(answer.opening_window), openTime);
  const settlement: ReadPrint | null = printAt(readPrints(answer.settlement_window), expiryTime);
  const result = settle(
    { direction: answer.direction, stake, ratePpm, openTime, expiryTime },
    opening,
    settlement,
  );
  const payoutAgrees =
    answer.recorded_payout === null || parseAmount(answer.recorded_payout) === result.payout;
  return {
    outcome: result.outcome,
    agrees: result.outcome === answer.recorded_outcome && payoutAgrees,
  };
}

export function verificationView(
  answer: OptionVerification,
  locale: string,
): OptionVerificationView {
  const single = (print: IndexPrintRow | null) =>
    verifiedRows(print ? [print] : [], print, locale)[0] ?? null;
  return {
    id: answer.id,
    symbol: answer.symbol,
    direction: answer.direction,
    unit: answer.unit,
    length: answer.length,
    rate: rate(answer.payout_rate, locale),
    rule: answer.rule,
    status: answer.status,
    openTime: time(answer.open_time, locale),
    expiryTime: time(answer.expiry_time, locale),
    opening: single(answer.opening),
    settlement: single(answer.settlement),
    openingWindow: verifiedRows(answer.opening_window, answer.opening, locale),
    settlementWindow: verifiedRows(answer.settlement_window, answer.settlement, locale),
    recorded: answer.recorded_outcome,
    recomputed: answer.recomputed_outcome,
    matches: answer.matches,
    recheck: recheck(answer),
    mine: answer.mine,
    stake: answer.stake === null ? null : usdt(answer.stake, locale),
    recordedPayout: answer.recorded_payout === null ? null : usdt(answer.recorded_payout, locale),
    recomputedPayout:
      answer.recomputed_payout === null ? null : usdt(answer.recomputed_payout, locale),
  };
}
