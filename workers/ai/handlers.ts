// The AI ETF section in the worker: a purchase checked with core/ai against what the worker has
// folded, its whole schedule worked out from now with the published rule before it is sent; a
// purchase and an early withdrawal each sent with one idempotency key per intent, their answers
// logged so the projections have them at once; the orders as rows with their schedules and the
// exact amount an early withdrawal returns. The private `ai-order-updates` channel tells of orders
// that matured, so an open page moves them to the ended ones without a reload.
import { productOf } from '../../core/projections/ai.ts';
import { availableOf } from '../../core/projections/balances.ts';
import { aiBuy, aiWithdraw } from '../../schemas/api/ai.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import { canonicalAmount } from '../kernel/intents.ts';
import { mapOutcome, pageOf } from '../kernel/outcome.ts';
import { fundingWallet, paymentAsset } from '../product-kit/payment.ts';
import { listOrders, refreshAi } from './loaders.ts';
import { orderRow, review } from './rows.ts';
import type { AiHandlers } from './types.ts';

/** Rows per page of the order lists. */
export const aiPageSize = 20;

export function createAiHandlers(context: DomainContext): AiHandlers {
  const { call, record, sendOnce } = context;
  const rowOf = (order: Parameters<typeof orderRow>[0]) => orderRow(order, context.locale());
  return {
    refreshAi: () => refreshAi(context),
    async reviewAi(productId, amount) {
      const view = context.view();
      const available = availableOf(view.balances, fundingWallet, paymentAsset);
      return review(productOf(view.ai, productId), available, amount, Date.now(), context.locale());
    },
    async buyAi(productId, amount) {
      const fields = { product_id: productId, amount: canonicalAmount(amount) };
      const outcome = await sendOnce(
        ['ai-buy', fields],
        (key) => record({ source: 'intent', type: 'ai-buy', payload: { ...fields, key } }),
        (headers) => call(aiBuy, fields, headers),
      );
      if (outcome.ok) {
        record({ source: 'api', type: 'ai-bought', payload: outcome.data });
        // The quota left moved.
        void refreshAi(context);
      }
      return mapOutcome(outcome, rowOf);
    },
    async aiOrders(status, page) {
      const outcome = await listOrders(context, status, page, aiPageSize);
      return mapOutcome(outcome, (data) => pageOf(data, rowOf));
    },
    async withdrawAi(orderId) {
      const fields = { order_id: orderId };
      const outcome = await sendOnce(
        ['ai-withdraw', fields],
        (key) => record({ source: 'intent', type: 'ai-withdraw', payload: { ...fields, key } }),
        (headers) => call(aiWithdraw, fields, headers),
      );
      if (outcome.ok) record({ source: 'api', type: 'ai-withdrawn', payload: outcome.data });
      return mapOutcome(outcome, rowOf);
    },
  };
}

export const aiDomain = defineDomain({
  handlers: createAiHandlers,
  signedInChannels: ['ai-order-updates'],
  frames: { 'ai-order-updates': channelData['ai-order-updates'] },
});
