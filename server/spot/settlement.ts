// What one engine command does to money and orders, as data: the freeze that precedes it, one
// balanced posting per fill (base and quote between the two users, both fees to the fee account),
// releases of what a finished or resting order no longer needs, and each order's changes. Pure,
// so the same plan is written to the database and checked against a model in tests.
//
// Fees are charged on what a fill gives an order (base to a buyer, quote to a seller), so an order
// freezes only what it pays: price × quantity for a limit buy, the turnover of a market buy, the
// quantity of a sell. A resting buy always holds exactly price × remaining: the saving of a fill
// below its limit is released when it comes to rest.
import {
  baseAtoms,
  feeOn,
  type MarketScales,
  type OrderTerms,
  quoteAtoms,
} from '../../core/market/order-math.ts';
import type { SpotCancelReason, SpotOrderStatus } from '../../schemas/api/spot.schema.ts';
import type { AccountRef, Leg } from '../ledger/accounts.ts';
import type { Posting } from '../ledger/post.ts';
import type { EngineEvent, Side } from '../matching/events.ts';
import { fillReference, freezeReference, releaseReference } from './ledger-kinds.ts';
import type { SpotMarket } from './spot-markets.ts';

/** An order before it has an id: its owner and terms. */
export type NewOrder = { userId: number } & OrderTerms;

/** An order entering the book, as the settlement needs it. */
export type IncomingOrder = NewOrder & { orderId: number };

/** What happened to one order in a command; amounts are atoms, `frozen` is a signed change. */
export interface OrderChange {
  orderId: number;
  filledQuantity: bigint;
  filledQuote: bigint;
  fee: bigint;
  frozen: bigint;
  status: SpotOrderStatus | null;
  cancelReason: SpotCancelReason | null;
}

/** An order's change before anything happened to it. */
export function noChange(orderId: number): OrderChange {
  return {
    orderId,
    filledQuantity: 0n,
    filledQuote: 0n,
    fee: 0n,
    frozen: 0n,
    status: null,
    cancelReason: null,
  };
}

/** One trade, in the engine's units plus the fees in atoms. */
export interface Fill {
  takerOrderId: number;
  makerOrderId: number;
  takerUserId: number;
  makerUserId: number;
  takerSide: Side;
  price: number;
  quantity: number;
  quote: number;
  takerFee: bigint;
  makerFee: bigint;
}

export interface Settlement {
  postings: Posting[];
  /** By order id, in the order the orders were first touched. */
  changes: Map<number, OrderChange>;
  fills: Fill[];
  /** Price levels whose resting quantity changed, to republish. */
  touched: { side: Side; price: number }[];
}

const funding = (user: number, asset: string): AccountRef => ({ user, wallet: 'funding', asset });
/** The market's own fees shard: no other market's writer waits on its row. */
const fees = (asset: string, market: SpotMarket): AccountRef => ({
  system: 'fees',
  asset,
  shard: market.symbol,
});

function assetPaid(market: SpotMarket, side: Side): string {
  return side === 'buy' ? market.quote : market.base;
}

export function freezePosting(market: SpotMarket, order: IncomingOrder, amount: bigint): Posting {
  const account = funding(order.userId, assetPaid(market, order.side));
  return {
    kind: 'trade.freeze',
    reference: freezeReference.build({ order: order.orderId }),
    legs: [
      { account, bucket: 'available', amount: -amount },
      { account, bucket: 'frozen', amount },
    ],
  };
}

function releasePosting(
  market: SpotMarket,
  userId: number,
  side: Side,
  amount: bigint,
  reference: string,
): Posting {
  const account = funding(userId, assetPaid(market, side));
  return {
    kind: 'trade.release',
    reference,
    legs: [
      { account, bucket: 'frozen', amount: -amount },
      { account, bucket: 'available', amount },
    ],
  };
}

/** What a resting order must keep frozen for `remaining` at `price`. */
function heldFor(market: MarketScales, side: Side, price: number, remaining: number): bigint {
  return side === 'buy' ? quoteAtoms(price * remaining, market) : baseAtoms(remaining, market);
}

export interface SettleInput {
  market: SpotMarket;
  events: readonly EngineEvent[];
  count: number;
  /** The order the command brought in, with what it froze; absent for a cancel. */
  incoming?: { order: IncomingOrder; reserved: bigint };
  /** The best ask after the command: tells a market buy that spent its budget from one that ran out of book. */
  bestAskAfter: number;
}

export function settle({ market, events, count, incoming, bestAskAfter }: SettleInput): Settlement {
  const result: Settlement = { postings: [], changes: new Map(), fills: [], touched: [] };
  const change = (orderId: number): OrderChange => {
    let entry = result.changes.get(orderId);
    if (!entry) {
      entry = noChange(orderId);
      result.changes.set(orderId, entry);
    }
    return entry;
  };
  let lastPrice = 0;

  for (let i = 0; i < count; i++) {
    const event = events[i] as EngineEvent;
    switch (event.kind) {
      case 'reject':
        // Every order is checked against the same rules before it is frozen and sent.
        throw new Error(`engine refused a checked command: ${event.reason}`);
      case 'cancel': {
        const released = heldFor(market, event.side, event.price, event.remaining);
        result.postings.push(
          releasePosting(
            market,
            event.userId,
            event.side,
            released,
            releaseReference.build({ order: event.orderId, resting: false }),
          ),
        );
        const cancelled = change(event.orderId);
        cancelled.frozen -= released;
        cancelled.status = 'cancelled';
        cancelled.cancelReason = event.reason === 'self_trade' ? 'self_trade' : 'user';
        result.touched.push({ side: event.side, price: event.price });
        break;
      }
      case 'fill': {
        lastPrice = event.price;
        const fill = settleFill(market, event, result.fills.length);
        result.fills.push(fill.record);
        result.postings.push(fill.posting);
        const taker = change(event.orderId);
        const maker = change(event.makerOrderId);
        const base = baseAtoms(event.quantity, market);
        const quote = quoteAtoms(event.quote, market);
        for (const [entry, side, fee] of [
          [taker, event.side, fill.record.takerFee],
          [maker, opposite(event.side), fill.record.makerFee],
        ] as const) {
          entry.filledQuantity += base;
          entry.filledQuote += quote;
          entry.fee += fee;
          entry.frozen -= side === 'buy' ? quote : base;
        }
        maker.status = event.makerRemaining === 0 ? 'filled' : 'partially_filled';
        result.touched.push({ side: opposite(event.side), price: event.price });
        break;
      }
      case 'rest':
      case 'done': {
        if (!incoming) throw new Error('an order finished in a command that brought none');
        const taker = change(event.orderId);
        const held =
          event.kind === 'rest' ? heldFor(market, event.side, event.price, event.remaining) : 0n;
        // What is still frozen beyond what the order must keep: price improvement, turnover or
        // quantity that found no counterpart.
        const release = incoming.reserved + taker.frozen - held;
        if (release > 0n) {
          result.postings.push(
            releasePosting(
              market,
              event.userId,
              event.side,
              release,
              releaseReference.build({ order: event.orderId, resting: event.kind === 'rest' }),
            ),
          );
          taker.frozen -= release;
        }
        if (event.kind === 'rest') {
          taker.status = taker.filledQuantity > 0n ? 'partially_filled' : 'open';
          result.touched.push({ side: event.side, price: event.price });
        } else {
          const filled = isFilled(market, incoming.order, event, lastPrice, bestAskAfter);
          taker.status = filled ? 'filled' : 'cancelled';
          taker.cancelReason = filled ? null : 'unfilled';
        }
        break;
      }
    }
  }
  return result;
}

/**
 * A limit order that is done traded everything. A market sell is filled when nothing is left; a
 * market buy when what is left cannot buy one more lot (dust), not when the book ran out.
 */
function isFilled(
  market: SpotMarket,
  order: IncomingOrder,
  done: EngineEvent,
  lastPrice: number,
  bestAskAfter: number,
): boolean {
  if (done.remaining === 0) return true;
  if (order.type === 'limit' || order.side === 'sell' || done.quantity === 0) return false;
  const nextPrice = bestAskAfter > 0 ? bestAskAfter : lastPrice;
  return done.remaining < nextPrice * market.rules.lotSize;
}

function opposite(side: Side): Side {
  return side === 'buy' ? 'sell' : 'buy';
}

function settleFill(
  market: SpotMarket,
  event: EngineEvent,
  index: number,
): { record: Fill; posting: Posting } {
  const base = baseAtoms(event.quantity, market);
  const quote = quoteAtoms(event.quote, market);
  const buyer = event.side === 'buy' ? event.userId : event.makerUserId;
  const seller = event.side === 'buy' ? event.makerUserId : event.userId;
  const buyerRate = event.side === 'buy' ? market.fees.takerPpm : market.fees.makerPpm;
  const sellerRate = event.side === 'buy' ? market.fees.makerPpm : market.fees.takerPpm;
  const buyerFee = feeOn(base, buyerRate);
  const sellerFee = feeOn(quote, sellerRate);
  const legs: Leg[] = [
    { account: funding(buyer, market.quote), bucket: 'frozen', amount: -quote },
    { account: funding(buyer, market.base), bucket: 'available', amount: base - buyerFee },
    { account: funding(seller, market.base), bucket: 'frozen', amount: -base },
    { account: funding(seller, market.quote), bucket: 'available', amount: quote - sellerFee },
    { account: fees(market.base, market), bucket: 'available', amount: buyerFee },
    { account: fees(market.quote, market), bucket: 'available', amount: sellerFee },
  ];
  return {
    record: {
      takerOrderId: event.orderId,
      makerOrderId: event.makerOrderId,
      takerUserId: event.userId,
      makerUserId: event.makerUserId,
      takerSide: event.side,
      price: event.price,
      quantity: event.quantity,
      quote: event.quote,
      takerFee: event.side === 'buy' ? buyerFee : sellerFee,
      makerFee: event.side === 'buy' ? sellerFee : buyerFee,
    },
    posting: {
      kind: 'trade.fill',
      reference: fillReference.build({ takerOrder: event.orderId, n: index }),
      legs,
    },
  };
}
