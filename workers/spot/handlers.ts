// The spot domain in the worker: the form reviewed against the rules, current price and balance
// the worker has folded; placing and cancelling with one idempotency key per intent, their answers
// logged so the projections have an order before its frame; the order lists and fills as rows.
import { formatAmount, formatAtScale, withUnit } from '../../core/figures.ts';
import { fromUnits } from '../../core/market/units.ts';
import { availableOf } from '../../core/projections/balances.ts';
import { checkSpotOrder, requiredFields } from '../../core/spot/order-form.ts';
import { previewFee } from '../../core/spot/order-preview.ts';
import {
  cancelSpotOrder,
  ordersDataSchema,
  placeSpotOrder,
  type SpotOrder,
} from '../../schemas/api/spot.schema.ts';
import { balancesDataSchema } from '../../schemas/api/wallet-balances.schema.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import { canonicalAmount } from '../kernel/intents.ts';
import { mapOutcome, type Outcome, pageOf } from '../kernel/outcome.ts';
import { listOrders, refreshSpot } from './loaders.ts';
import type { SpotHandlers } from './types.ts';
import { assetsOf, orderRow, spotWallet } from './views.ts';

/** Rows per page of the deal and history lists. */
export const spotPageSize = 20;

export function createSpotHandlers(context: DomainContext): SpotHandlers {
  const { call, record, sendOnce } = context;
  /** Logs the order an answer carries and shapes it as a row. */
  const row = (outcome: Outcome<SpotOrder>) => {
    if (outcome.ok) record({ source: 'api', type: 'spot-order', payload: outcome.data });
    return mapOutcome(outcome, (order) =>
      orderRow(
        order,
        context.view().spotRules[order.symbol],
        context.view().precisions,
        context.locale(),
      ),
    );
  };
  return {
    // The Deals tab's rows load with the tab, not with the worker's first file.
    spotFills: async (page, symbol) =>
      (await import('./fills.ts')).createFillHandlers(context).spotFills(page, symbol),
    refreshSpot: () => refreshSpot(context),
    async reviewSpotOrder(symbol, form) {
      const view = context.view();
      const rules = view.spotRules[symbol];
      if (!rules) return { problem: null, fee: null };
      const locale = context.locale();
      const last = view.tickers[symbol]?.last ?? null;
      const index = view.tickers[symbol]?.index ?? null;
      const { base, quote } = assetsOf(symbol, rules);
      const paid = form.side === 'buy' ? quote : base;
      const available = context.loggedIn() ? availableOf(view.balances, spotWallet, paid) : null;
      const problem = checkSpotOrder(form, { rules, last, available, index });
      const fee = previewFee(form, rules, last);
      const bound = (units: number) =>
        formatAtScale(fromUnits(units, rules.price_scale), rules.price_scale, locale);
      return {
        problem: problem && {
          field: problem.field,
          rule: problem.rule,
          params: {
            ...(problem.range && { min: bound(problem.range.min), max: bound(problem.range.max) }),
            minimum: withUnit(
              formatAmount(rules.min_notional, quote, view.precisions, locale),
              quote,
              locale,
            ),
            quote,
            decimals: decimalsFor(problem.field, rules),
            step:
              problem.field === 'price'
                ? formatAtScale(rules.tick_size, rules.price_scale, locale)
                : formatAtScale(rules.lot_size, rules.quantity_scale, locale),
          },
        },
        fee: fee && {
          shown: formatAmount(fee.fee, fee.asset, view.precisions, locale),
          asset: fee.asset,
        },
      };
    },
    async placeSpotOrder(symbol, form) {
      // Only the fields this kind of order takes, in canonical form: one intent, one body.
      const amounts: Partial<Record<'price' | 'quantity' | 'turnover', string>> = {};
      for (const field of requiredFields(form)) amounts[field] = canonicalAmount(form[field]);
      const fields = { symbol, side: form.side, type: form.type, ...amounts };
      const outcome = await sendOnce(
        ['order', fields],
        (key) => record({ source: 'intent', type: 'spot-place', payload: { ...fields, key } }),
        (headers) => call(placeSpotOrder, fields, headers),
      );
      return row(outcome);
    },
    async cancelSpotOrder(id) {
      const outcome = await sendOnce(
        ['cancel', { order_id: id }],
        (key) => record({ source: 'intent', type: 'spot-cancel', payload: { order_id: id, key } }),
        (headers) => call(cancelSpotOrder, { order_id: id }, headers),
      );
      return row(outcome);
    },
    async spotOrders(status, page, symbol) {
      const outcome = await listOrders(context, status, page, spotPageSize, symbol);
      const view = context.view();
      const locale = context.locale();
      return mapOutcome(outcome, (data) =>
        pageOf(data, (order) =>
          orderRow(order, view.spotRules[order.symbol], view.precisions, locale),
        ),
      );
    },
  };
}

/** How many decimals a field takes in this market. */
function decimalsFor(
  field: 'price' | 'quantity' | 'turnover',
  rules: { price_scale: number; quantity_scale: number },
) {
  if (field === 'price') return rules.price_scale;
  if (field === 'quantity') return rules.quantity_scale;
  return rules.price_scale + rules.quantity_scale;
}

export const spotDomain = defineDomain({
  handlers: createSpotHandlers,
  // The balances too: the form trades from them, and the wallet's domain (which holds them as
  // well) loads only with the wallet's pages.
  signedInChannels: ['orders', 'balances'],
  frames: { orders: ordersDataSchema, balances: balancesDataSchema },
});
