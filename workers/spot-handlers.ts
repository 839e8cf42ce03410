// The spot calls in the worker: every intent is logged, placing and cancelling carry one
// idempotency key per intent, answers are logged so the projections (rules, orders, balances)
// fold them, and rows reach the UI formatted.

import { formatPrice } from '../core/price-format.ts';
import { availableOf } from '../core/projections/balances.ts';
import type { ClientView } from '../core/projections/client-view.ts';
import { checkSpotOrder, requiredFields, type SpotOrderForm } from '../core/spot/order-form.ts';
import { previewFee } from '../core/spot/order-preview.ts';
import {
  cancelSpotOrder,
  placeSpotOrder,
  type SpotOrderList,
  spotOrders,
  spotRules,
} from '../schemas/api/spot.schema.ts';
import { balances } from '../schemas/api/wallet.schema.ts';
import type { Outcome } from './facade.ts';
import type { SpotHandlers, SpotOrderRow, SpotReview } from './spot-types.ts';
import { assetsOf, orderRow, spotWallet } from './spot-views.ts';
import { type CallApi, canonicalAmount, IntentKeys, type WalletDeps } from './wallet-handlers.ts';

export interface SpotDeps extends WalletDeps {
  call: CallApi;
  /** The live fold: rules, tickers and balances the checks need. */
  view(): ClientView;
  loggedIn(): boolean;
}

/** Rows per page of the deal and history lists. */
export const spotPageSize = 20;

/** The open orders a refresh loads: the largest page the server gives. */
const openOrdersPage = 100;

export class SpotCalls implements SpotHandlers {
  readonly #deps: SpotDeps;
  readonly #keys: IntentKeys;

  constructor(deps: SpotDeps) {
    this.#deps = deps;
    this.#keys = new IntentKeys(deps.newKey);
  }

  async refreshSpot(): Promise<Outcome<null>> {
    const loads: Promise<Outcome<unknown>>[] = [this.#loadRules()];
    if (this.#deps.loggedIn()) loads.push(this.#loadOpenOrders(), this.#loadBalances());
    const outcomes = await Promise.all(loads);
    const failed = outcomes.find((outcome) => !outcome.ok);
    return failed && !failed.ok ? failed : { ok: true, data: null };
  }

  /** Loads the rules once a page needs them and they are not known yet. */
  async ensureRules(): Promise<void> {
    if (Object.keys(this.#deps.view().spotRules).length === 0) await this.#loadRules();
  }

  async reviewSpotOrder(symbol: string, form: SpotOrderForm): Promise<SpotReview> {
    const view = this.#deps.view();
    const rules = view.spotRules[symbol];
    if (!rules) return { problem: null, fee: null };
    const locale = this.#deps.locale();
    const ticker = view.tickers[symbol];
    const last = ticker && ticker.last !== '--' ? ticker.last : null;
    const { base, quote } = assetsOf(symbol, rules);
    const paid = form.side === 'buy' ? quote : base;
    const available = this.#deps.loggedIn() ? availableOf(view.balances, spotWallet, paid) : null;
    const problem = checkSpotOrder(form, { rules, last, available });
    const fee = previewFee(form, rules, last);
    return {
      problem: problem && {
        ...problem,
        params: {
          minimum: formatPrice(rules.min_notional, { locale }),
          quote,
          decimals: decimalsFor(problem.field, rules),
        },
      },
      fee: fee && { shown: formatPrice(fee.fee, { locale }), asset: fee.asset },
    };
  }

  async placeSpotOrder(symbol: string, form: SpotOrderForm) {
    // Only the fields this kind of order takes, in canonical form: one intent, one body.
    const amounts: Partial<Record<'price' | 'quantity' | 'turnover', string>> = {};
    for (const field of requiredFields(form)) amounts[field] = canonicalAmount(form[field]);
    const fields = { symbol, side: form.side, type: form.type, ...amounts };
    const outcome = await this.#moneyMoving('order', fields, (headers) =>
      this.#deps.call(placeSpotOrder, fields, headers),
    );
    return this.#row(outcome);
  }

  async cancelSpotOrder(id: number) {
    const outcome = await this.#moneyMoving('cancel', { order_id: id }, (headers) =>
      this.#deps.call(cancelSpotOrder, { order_id: id }, headers),
    );
    return this.#row(outcome);
  }

  async spotOrders(status: SpotOrderList, page: number, symbol?: string) {
    const outcome = await this.#list(status, page, spotPageSize, symbol);
    if (!outcome.ok) return outcome;
    const view = this.#deps.view();
    const locale = this.#deps.locale();
    const { list, total, size } = outcome.data;
    return {
      ok: true as const,
      data: {
        rows: list.map((order) => orderRow(order, view.spotRules[order.symbol], locale)),
        page: outcome.data.page,
        more: outcome.data.page * size < total,
      },
    };
  }

  async #list(status: SpotOrderList, page: number, size: number, symbol?: string) {
    const query = { status, page, size, ...(symbol ? { symbol } : {}) };
    this.#intent('spot-orders', query);
    const outcome = await this.#deps.call(spotOrders, query);
    if (outcome.ok) {
      this.#deps.record({
        source: 'api',
        type: 'spot-orders',
        payload: { status, page, ...(symbol ? { symbol } : {}), list: outcome.data.list },
      });
    }
    return outcome;
  }

  #loadOpenOrders() {
    return this.#list('current', 1, openOrdersPage);
  }

  async #loadRules() {
    this.#intent('spot-markets', null);
    const outcome = await this.#deps.call(spotRules, {});
    if (outcome.ok) {
      this.#deps.record({ source: 'api', type: 'spot-markets', payload: outcome.data });
    }
    return outcome;
  }

  async #loadBalances() {
    this.#intent('spot-balances', null);
    const outcome = await this.#deps.call(balances, {});
    if (outcome.ok) {
      const list = outcome.data.balances.map(({ wallet, asset, available, frozen }) => ({
        wallet,
        asset,
        available,
        frozen,
      }));
      this.#deps.record({ source: 'api', type: 'spot-balances', payload: { list } });
    }
    return outcome;
  }

  /** Logs the order the answer carries (so the projection has it before its frame) and formats it. */
  #row(outcome: Outcome<Parameters<typeof orderRow>[0]>): Outcome<SpotOrderRow> {
    if (!outcome.ok) return outcome;
    this.#deps.record({ source: 'api', type: 'spot-order', payload: outcome.data });
    const rules = this.#deps.view().spotRules[outcome.data.symbol];
    return { ok: true, data: orderRow(outcome.data, rules, this.#deps.locale()) };
  }

  async #moneyMoving<T>(
    name: string,
    fields: Record<string, string | number>,
    send: (headers: Record<string, string>) => Promise<Outcome<T>>,
  ): Promise<Outcome<T>> {
    const intent = JSON.stringify([name, fields]);
    const key = this.#keys.keyFor(intent);
    this.#intent(`spot-${name}`, { ...fields, key });
    const outcome = await send({ 'Idempotency-Key': key });
    this.#keys.settle(intent, outcome);
    return outcome;
  }

  #intent(type: string, payload: unknown): void {
    this.#deps.record({ source: 'intent', type, payload });
  }
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
