// The perpetual contracts in the worker: the order form reviewed with core/contract's formulas
// against what the worker has folded; opening, closing, cancelling and changing a position with
// one idempotency key per intent, their answers logged so the projections have them before the
// channel speaks; the history lists as rows. The private `positions` and `contract-orders`
// channels carry the user's positions and orders as they change; a closed position brings the
// history's first page (its reason), and a perpetual's book that missed a diff asks for a snapshot.

import type { ContractOrderForm } from '../../core/contract/order-form.ts';
import type {
  CloseRequest,
  PositionChange,
} from '../../core/machines/contract-position.machine.ts';
import { newlyGapped } from '../../core/projections/books.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import { openPositions } from '../../core/projections/contract-positions.ts';
import {
  type ContractOrder,
  cancelContractOrder,
  closeContract,
  fundingDataSchema,
  markDataSchema,
  openContract,
  positionsDataSchema,
} from '../../schemas/api/contract.schema.ts';
import { contractOrdersDataSchema } from '../../schemas/api/contract-book.schema.ts';
import {
  contractLeverage,
  contractMargin,
  contractTpSl,
} from '../../schemas/api/contract-position-changes.schema.ts';
import { channelName } from '../../schemas/channels.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import { canonicalAmount } from '../kernel/intents.ts';
import { mapOutcome, type Outcome, pageOf } from '../kernel/outcome.ts';
import {
  holdPositionMarks,
  listContractOrders,
  loadBoard,
  loadClosedPositions,
  loadFills,
  loadFundingPayments,
  loadLiquidations,
  refreshContract,
} from './loaders.ts';
import { emptyContractReview, formattedReview, reviewContext } from './review.ts';
import { closedRow, fillRow, fundingRow, liquidationRow, orderRow } from './rows.ts';
import { shareCard } from './share.ts';
import { reviewTpSl } from './tpsl-review.ts';
import type { ContractHandlers } from './types.ts';

/** Rows per page of the history lists. */
export const contractPageSize = 20;

/** The fields of an opening order, in canonical form: one intent, one body. */
export function openFields(symbol: string, form: ContractOrderForm) {
  const withTpSl = (text: string) =>
    form.tpSl && text.trim() !== '' ? canonicalAmount(text) : undefined;
  const tp = withTpSl(form.tp);
  const sl = withTpSl(form.sl);
  return {
    symbol,
    direction: form.direction,
    type: form.type,
    ...(form.type === 'limit' ? { price: canonicalAmount(form.price) } : {}),
    quantity: canonicalAmount(form.quantity),
    leverage: form.leverage,
    margin_mode: form.marginMode,
    ...(tp === undefined ? {} : { tp_price: tp }),
    ...(sl === undefined ? {} : { sl_price: sl }),
  };
}

function closeFields(positionId: number, close: CloseRequest) {
  const quantity = close.quantity.trim();
  return {
    position_id: positionId,
    type: close.type,
    ...(close.type === 'limit' ? { price: canonicalAmount(close.price) } : {}),
    ...(quantity === '' ? {} : { quantity: canonicalAmount(quantity) }),
  };
}

export function createContractHandlers(context: DomainContext): ContractHandlers {
  const { call, record, sendOnce } = context;
  /** Logs the order an answer carries and shapes it as a row. */
  const orderAnswer = (outcome: Outcome<ContractOrder>) => {
    if (outcome.ok) record({ source: 'api', type: 'contract-order', payload: outcome.data });
    return mapOutcome(outcome, (order) =>
      orderRow(order, context.view().contract.markets[order.symbol], context.locale()),
    );
  };
  const close = async (positionId: number, request: CloseRequest) => {
    const fields = closeFields(positionId, request);
    const outcome = await sendOnce(
      ['contract-close', fields],
      (key) => record({ source: 'intent', type: 'contract-close', payload: { ...fields, key } }),
      (headers) => call(closeContract, fields, headers),
    );
    return orderAnswer(outcome);
  };

  return {
    loadContractBoard: () => loadBoard(context),
    refreshContract: () => refreshContract(context),
    async reviewContractOrder(symbol, form) {
      const found = reviewContext(context.view(), symbol);
      return found ? formattedReview(form, found, context.locale()) : emptyContractReview;
    },
    async openContract(symbol, form) {
      const fields = openFields(symbol, form);
      const outcome = await sendOnce(
        ['contract-open', fields],
        (key) => record({ source: 'intent', type: 'contract-open', payload: { ...fields, key } }),
        (headers) => call(openContract, fields, headers),
      );
      return orderAnswer(outcome);
    },
    closeContract: close,
    async closeAllContracts() {
      let placed = 0;
      let failed = 0;
      for (const position of openPositions(context.view().contract.positions)) {
        const outcome = await close(position.id, { type: 'market', price: '', quantity: '' });
        if (outcome.ok) placed++;
        else failed++;
      }
      return { placed, failed };
    },
    async cancelContractOrder(id) {
      const outcome = await sendOnce(
        ['contract-cancel', { order_id: id }],
        (key) =>
          record({ source: 'intent', type: 'contract-cancel', payload: { order_id: id, key } }),
        (headers) => call(cancelContractOrder, { order_id: id }, headers),
      );
      return orderAnswer(outcome);
    },
    reviewTpSl: async (positionId, typed) =>
      reviewTpSl(context.view(), positionId, typed, context.locale()),
    changePosition: (positionId, change) => changePosition(context, positionId, change),
    setContractLeverage: (symbol, leverage) => setLeverage(context, symbol, leverage),
    async contractOrders(status, page) {
      const outcome = await listContractOrders(context, status, page, contractPageSize);
      const { markets } = context.view().contract;
      const locale = context.locale();
      return mapOutcome(outcome, (data) =>
        pageOf(data, (order) => orderRow(order, markets[order.symbol], locale)),
      );
    },
    async contractHistory(page) {
      const outcome = await loadClosedPositions(context, page, contractPageSize);
      const { markets } = context.view().contract;
      const locale = context.locale();
      return mapOutcome(outcome, (data) =>
        pageOf(data, (line) => closedRow(line, markets[line.symbol], locale)),
      );
    },
    async contractFills(page) {
      const outcome = await loadFills(context, page, contractPageSize);
      const { markets } = context.view().contract;
      const locale = context.locale();
      return mapOutcome(outcome, (data) =>
        pageOf(data, (fill) => fillRow(fill, markets[fill.symbol], locale)),
      );
    },
    async contractFunding(page) {
      const outcome = await loadFundingPayments(context, page, contractPageSize);
      const { markets } = context.view().contract;
      const locale = context.locale();
      return mapOutcome(outcome, (data) =>
        pageOf(data, (payment) => fundingRow(payment, markets[payment.symbol], locale)),
      );
    },
    async contractLiquidations(page) {
      const outcome = await loadLiquidations(context, page, contractPageSize);
      const { markets } = context.view().contract;
      const locale = context.locale();
      return mapOutcome(outcome, (data) =>
        pageOf(data, (record) => liquidationRow(record, markets[record.symbol], locale)),
      );
    },
    shareCard: (ref) => shareCard(context, ref),
  };
}

/** TP/SL or margin of a position, each its own money-moving call answered with the position. */
async function changePosition(
  context: DomainContext,
  positionId: number,
  change: Exclude<PositionChange, { kind: 'leverage' }>,
): Promise<Outcome<null>> {
  const outcome =
    change.kind === 'tpsl'
      ? await setTpSl(context, positionId, change)
      : await moveMargin(context, positionId, change.action, change.amount);
  if (outcome.ok)
    context.record({ source: 'api', type: 'contract-position', payload: outcome.data });
  return mapOutcome(outcome, () => null);
}

/** The market's leverage: its position's, frozen or released to fit (the server checks it). */
async function setLeverage(
  context: DomainContext,
  symbol: string,
  leverage: number,
): Promise<Outcome<null>> {
  const fields = { symbol, leverage };
  const outcome = await context.sendOnce(
    ['contract-leverage', fields],
    (key) =>
      context.record({ source: 'intent', type: 'contract-leverage', payload: { ...fields, key } }),
    (headers) => context.call(contractLeverage, fields, headers),
  );
  if (outcome.ok) {
    context.record({ source: 'api', type: 'contract-leverage-set', payload: outcome.data });
  }
  return mapOutcome(outcome, () => null);
}

function moveMargin(
  context: DomainContext,
  positionId: number,
  action: 'add' | 'remove',
  amount: string,
) {
  const fields = { position_id: positionId, action, amount: canonicalAmount(amount) };
  return context.sendOnce(
    ['contract-margin', fields],
    (key) =>
      context.record({ source: 'intent', type: 'contract-margin', payload: { ...fields, key } }),
    (headers) => context.call(contractMargin, fields, headers),
  );
}

/**
 * An empty price clears it (the server's rule), so both are always sent; the quantity they close
 * only when it is part of the position.
 */
function setTpSl(
  context: DomainContext,
  positionId: number,
  { tp, sl, quantity }: Extract<PositionChange, { kind: 'tpsl' }>,
) {
  const part = quantity.trim() === '' ? null : canonicalAmount(quantity);
  const fields = {
    position_id: positionId,
    tp_price: tp.trim() === '' ? '' : canonicalAmount(tp),
    sl_price: sl.trim() === '' ? '' : canonicalAmount(sl),
    ...(part === null ? {} : { quantity: part }),
  };
  const logged = {
    position_id: positionId,
    ...(fields.tp_price ? { tp_price: fields.tp_price } : {}),
    ...(fields.sl_price ? { sl_price: fields.sl_price } : {}),
    ...(part === null ? {} : { quantity: part }),
  };
  return context.sendOnce(
    ['contract-tpsl', fields],
    (key) =>
      context.record({ source: 'intent', type: 'contract-tpsl', payload: { ...logged, key } }),
    (headers) => context.call(contractTpSl, fields, headers),
  );
}

/** A position that changed on the channel: its market's mark is held, and a closed one has a reason. */
function followPositions(before: ClientView, after: ClientView, context: DomainContext): void {
  const was = before.contract.positions;
  const now = after.contract.positions;
  if (was === now || !context.loggedIn()) return;
  holdPositionMarks(context);
  if (now.closed.length !== was.closed.length || now.closed.at(-1) !== was.closed.at(-1)) {
    void loadClosedPositions(context, 1, contractPageSize);
  }
}

/** A perpetual's depth diff that did not follow its book: ask for a fresh snapshot. */
function resyncContractBooks(before: ClientView, after: ClientView, context: DomainContext): void {
  if (!after.connection.open) return;
  for (const symbol of newlyGapped(before.contractBooks, after.contractBooks)) {
    context.record({ source: 'intent', type: 'contract-book-resync', payload: { symbol } });
    context.channels.refresh([channelName['contract-depth'](symbol)]);
  }
}

export const contractDomain = defineDomain({
  handlers: createContractHandlers,
  signedInChannels: ['positions', 'contract-orders'],
  frames: {
    mark: markDataSchema,
    funding: fundingDataSchema,
    positions: positionsDataSchema,
    'contract-orders': contractOrdersDataSchema,
  },
  react(before, after, context) {
    followPositions(before, after, context);
    resyncContractBooks(before, after, context);
  },
});
