// Converting small balances to USDT from the asset center (docs/wallet.md § "Small balances"):
// the preview and the conversion (the sales are made on the markets' own books, so the calls are
// that product's), each logged so a capture replays the sheet, the conversion with one idempotency
// key per intent, and every amount formatted for the page to the atom.
import { formatSettledAmount, type Precisions, quoteAsset } from '../../core/figures.ts';
import {
  convertSmallBalances,
  previewSmallBalances,
  type SmallBalanceLine,
} from '../../schemas/api/small-balances.schema.ts';
import type { DomainContext } from '../kernel/context.ts';
import { mapOutcome, type Outcome } from '../kernel/outcome.ts';

/** One balance's sale as the sheet shows it. */
export interface SmallBalanceRow {
  asset: string;
  /** What is sold, in the asset; what stays (under a lot), null when nothing does. */
  soldShown: string;
  leftShown: string | null;
  /** In USDT: what it gives after the fee, and the fee. */
  receiveShown: string;
  feeShown: string;
}

export interface SmallBalancesView {
  rows: readonly SmallBalanceRow[];
  /** Σ receive, in USDT. */
  totalShown: string;
  /** The line under which a balance is small, in USDT. */
  thresholdShown: string;
}

export interface SmallBalanceHandlers {
  /** What converting the small balances would give now (no rows: nothing qualifies). */
  smallBalances(): Promise<Outcome<SmallBalancesView>>;
  /** Converts them as they stand now; the balances follow on the private channel. */
  convertSmallBalances(): Promise<Outcome<{ totalShown: string }>>;
}

/** `precisions` answers the assets' precisions, asking the markets for them once when unknown. */
export function createSmallBalanceHandlers(
  context: DomainContext,
  precisions: () => Promise<Precisions>,
): SmallBalanceHandlers {
  const { call, record, sendOnce } = context;
  const format = async () => {
    const known = await precisions();
    const locale = context.locale();
    // Worked out to the atom, so each is shown whole: a fee of 0.00396 USDT, dust under a lot.
    return (value: string, asset: string) => formatSettledAmount(value, asset, known, locale);
  };
  const row = (
    line: SmallBalanceLine,
    shown: (value: string, asset: string) => string,
  ): SmallBalanceRow => ({
    asset: line.asset,
    soldShown: shown(line.sold, line.asset),
    leftShown: /^0\.?0*$/.test(line.left) ? null : shown(line.left, line.asset),
    receiveShown: shown(line.receive, quoteAsset),
    feeShown: shown(line.fee, quoteAsset),
  });
  return {
    async smallBalances() {
      record({ source: 'intent', type: 'wallet-small-balances-requested', payload: null });
      const outcome = await call(previewSmallBalances, {});
      if (outcome.ok)
        record({ source: 'api', type: 'wallet-small-balances', payload: outcome.data });
      const shown = await format();
      return mapOutcome(outcome, (data) => ({
        rows: data.list.map((line) => row(line, shown)),
        totalShown: shown(data.total, quoteAsset),
        thresholdShown: shown(data.threshold, quoteAsset),
      }));
    },
    async convertSmallBalances() {
      const outcome = await sendOnce(
        ['convert-small-balances'],
        (key) =>
          record({ source: 'intent', type: 'wallet-small-balances-convert', payload: { key } }),
        (headers) => call(convertSmallBalances, {}, headers),
      );
      if (outcome.ok) {
        record({ source: 'api', type: 'wallet-small-balances-converted', payload: outcome.data });
      }
      const shown = await format();
      return mapOutcome(outcome, (data) => ({ totalShown: shown(data.total, quoteAsset) }));
    },
  };
}
