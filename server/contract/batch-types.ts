// What a batch of the contract engine hands the parts it runs (liquidation, funding, changes to
// positions): the orders and fills they speak of, the batch's context, the legs of a posting as
// they are summed, and the narrow port through which they place, cancel, settle and post. Below
// the batch, so none of them imports it.
import type { Direction } from '../../core/contract/margin.ts';
import type { MarginMode } from '../../schemas/api/contract.schema.ts';
import type { AccountRef, Bucket } from '../ledger/accounts.ts';
import type { PostingKind } from '../ledger/kinds.ts';
import type { Posting } from '../ledger/post.ts';
import type { Side } from '../matching/events.ts';
import type { OrderBook } from '../matching/order-book.ts';
import type { CrossAccounts } from './backing.ts';
import type { ContractBalances } from './contract-balances.ts';
import type { ContractMarket } from './contract-markets.ts';
import type {
  ContractCancelReason,
  EngineState,
  OrderPurpose,
  OrderState,
  PositionState,
} from './engine-state.ts';
import type { MarkBoard } from './mark-board.ts';

/** The position a side's fills open: a buy opens a long. */
export const directionOf = (side: Side): Direction => (side === 'buy' ? 'long' : 'short');

/** An order before it has an id, in its market's units. */
export interface NewContractOrder {
  userId: number;
  symbol: string;
  side: Side;
  type: 'limit' | 'market';
  /** The limit; null for a market order (the engine sets its protective limit). */
  price: number | null;
  quantity: number;
  leverage: number;
  marginMode: MarginMode;
  reduceOnly: boolean;
  purpose: OrderPurpose;
  /** Take-profit and stop-loss to set on the position once the order fills, quote atoms. */
  tpPrice?: bigint | null;
  slPrice?: bigint | null;
}

/** One trade between two orders (or, for auto-deleveraging, two positions). */
export interface ContractFill {
  symbol: string;
  price: number;
  quantity: number;
  value: bigint;
  takerSide: Side;
  takerOrderId: number;
  makerOrderId: number;
  takerUserId: number;
  makerUserId: number;
  takerFee: bigint;
  makerFee: bigint;
  takerPnl: bigint;
  makerPnl: bigint;
}

export interface BatchContext {
  markets: ReadonlyMap<string, ContractMarket>;
  books: ReadonlyMap<string, OrderBook>;
  /** The writer's memory; a batch changes only its own market's entries. */
  state: EngineState;
  /** Its users' accounts in every market, for a cross position's backing. */
  accounts: CrossAccounts;
  marks: MarkBoard;
  balances: ContractBalances;
  nextOrderId(): number;
  nextPositionId(): number;
  now: Date;
  /** How far from the mark a market order may trade, parts per million. */
  marketBandPpm: number;
}

/** The legs of one posting, summed per account and bucket as they are added. */
export class Legs {
  readonly #amounts = new Map<string, { account: AccountRef; bucket: Bucket; amount: bigint }>();

  add(account: AccountRef, bucket: Bucket, amount: bigint): void {
    if (amount === 0n) return;
    const key = `${JSON.stringify(account)}:${bucket}`;
    const entry = this.#amounts.get(key);
    if (entry) entry.amount += amount;
    else this.#amounts.set(key, { account, bucket, amount });
  }

  /** What the legs so far add to one bucket of one account. */
  amount(account: AccountRef, bucket: Bucket): bigint {
    return this.#amounts.get(`${JSON.stringify(account)}:${bucket}`)?.amount ?? 0n;
  }

  posting(kind: PostingKind, reference: string): Posting | null {
    const legs = [...this.#amounts.values()].filter((leg) => leg.amount !== 0n);
    return legs.length === 0 ? null : { kind, reference, legs };
  }
}

/** What the batch's parts may do through it. */
export interface BatchPort {
  /** Checks, freezes and matches an order; `limit` overrides its price as an immediate order. */
  place(order: NewContractOrder, limit?: number): OrderState;
  cancel(order: OrderState, reason: ContractCancelReason): void;
  /** One side of a fill on `legs`; answers its realized PnL. */
  fillParty(legs: Legs, order: OrderState, quantity: bigint, price: bigint, fee: bigint): bigint;
  post(posting: Posting | null): void;
  recordFill(fill: ContractFill): void;
  touchPosition(position: PositionState): void;
  /** Pays what the position owes a funding round under way, before it changes (funding-rounds.ts). */
  settleFunding(position: PositionState): void;
  /** Marks memory changed: a failure after that rebuilds it. */
  markMoved(): void;
  /** Cancels reduce-only orders that no longer fit their positions. */
  trimAfter(): void;
}
