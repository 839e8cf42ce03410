// The TP/SL sheet of an open position reviewed in the worker, against the market's tick and lot,
// the latest mark and the position's liquidation price (core/contract/tpsl-sheet.ts): the problem
// of each field, the quantity the trigger closes, and the PnL at each price, formatted.
import { stepsOf } from '../../core/contract/order-form.ts';
import { checkTpSlSheet, type TpSlSheetTyped } from '../../core/contract/tpsl-sheet.ts';
import { signedAtoms } from '../../core/market/decimal-atoms.ts';
import { displayAmount } from '../../core/money.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import { openPositions } from '../../core/projections/contract-positions.ts';
import { price, quantity, signedAmount, signOf } from './format.ts';
import type { TpSlReview } from './types.ts';

export const emptyTpSlReview: TpSlReview = {
  problems: {},
  closing: null,
  whole: true,
  tpPnl: null,
  tpPnlSign: 0,
  slPnl: null,
  slPnlSign: 0,
};

export function reviewTpSl(
  view: ClientView,
  positionId: number,
  typed: TpSlSheetTyped,
  locale: string,
): TpSlReview {
  const { contract } = view;
  const position = openPositions(contract.positions).find((held) => held.id === positionId);
  const market = position && contract.markets[position.symbol];
  const held = position && signedAtoms(position.quantity);
  const entry = position && signedAtoms(position.entry_price);
  if (!position || !market || !held || !entry) return emptyTpSlReview;
  // The mark the server judges by is its latest: the channel's, or the position's own.
  const mark = contract.marks[position.symbol]?.mark ?? position.mark_price;
  const { tick, lot } = stepsOf(market);
  const check = checkTpSlSheet(
    {
      direction: position.direction,
      entry,
      mark: mark === null ? null : signedAtoms(mark),
      liquidation:
        position.liquidation_price === null ? null : signedAtoms(position.liquidation_price),
      quantity: held,
      priceScale: market.price_scale,
      quantityScale: market.quantity_scale,
      tick,
      lot,
    },
    typed,
  );
  const problems: TpSlReview['problems'] = {};
  for (const [field, rule] of Object.entries(check.problems) as [
    keyof typeof check.problems,
    NonNullable<(typeof check.problems)[keyof typeof check.problems]>,
  ][]) {
    const quantityField = field === 'quantity';
    problems[field] = {
      rule,
      params: {
        decimals: quantityField ? market.quantity_scale : market.price_scale,
        step: quantityField
          ? quantity(market.lot_size, market, locale)
          : price(market.tick_size, market.price_scale, locale),
        size: quantity(position.quantity, market, locale),
        mark: price(mark, market.price_scale, locale),
      },
    };
  }
  const pnl = (atoms: bigint | null) => (atoms === null ? null : displayAmount(atoms));
  const tpPnl = pnl(check.tpPnl);
  const slPnl = pnl(check.slPnl);
  return {
    problems,
    closing: check.closing === null ? null : quantity(displayAmount(check.closing), market, locale),
    whole: check.closing === held,
    tpPnl: tpPnl === null ? null : signedAmount(tpPnl, locale),
    tpPnlSign: tpPnl === null ? 0 : signOf(tpPnl),
    slPnl: slPnl === null ? null : signedAmount(slPnl, locale),
    slPnlSign: slPnl === null ? 0 : signOf(slPnl),
  };
}
