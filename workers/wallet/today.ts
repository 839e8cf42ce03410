// The signed-in home page's figures: the total worth and today's PnL (`/wallet/today`), asked for
// and answered in the log like every page's data, and formatted for the locale here.
import {
  formatAmount,
  formatPercent,
  formatSignedAmount,
  type Precisions,
  quoteAsset,
} from '../../core/figures.ts';
import { walletToday } from '../../schemas/api/wallet-today.schema.ts';
import type { DomainContext } from '../kernel/context.ts';
import { mapOutcome, type Outcome } from '../kernel/outcome.ts';

export interface TodayView {
  /** Everything in USDT, formatted. */
  total: string;
  /** Today's PnL in USDT, signed (`+12.40`, `-3.10`). */
  pnl: string;
  /** Of what was held at 00:00 UTC, signed; a dash when nothing was held. */
  pnlPercent: string;
  /** Whether the day is a gain, a loss or neither, for its colour. */
  trend: 'up' | 'down' | 'flat';
}

const trendOf = (pnl: string): TodayView['trend'] =>
  pnl.startsWith('-') ? 'down' : /[1-9]/.test(pnl) ? 'up' : 'flat';

export async function loadToday(
  context: Pick<DomainContext, 'call' | 'record' | 'locale'>,
  precisions: () => Promise<Precisions>,
): Promise<Outcome<TodayView>> {
  context.record({ source: 'intent', type: 'wallet-today-requested', payload: null });
  const [outcome, known] = await Promise.all([context.call(walletToday, {}), precisions()]);
  if (outcome.ok) context.record({ source: 'api', type: 'wallet-today', payload: outcome.data });
  const locale = context.locale();
  return mapOutcome(outcome, (data) => ({
    total: formatAmount(data.total, quoteAsset, known, locale),
    pnl: formatSignedAmount(data.pnl, quoteAsset, known, locale),
    pnlPercent: formatPercent(data.pnl_pct, locale, { signed: true }),
    trend: trendOf(data.pnl),
  }));
}
