// What one batch of the contract engine changed, gathered as it runs: the postings (applied to the
// batch's balances as they are made), the orders and positions as they now stand, the fills,
// liquidations and funding rounds, the book levels touched and each command's result. The engine
// writes them in one transaction and hands them to the socket; the batch and its settlement
// record into the same place.
import type { Posting } from '../ledger/post.ts';
import type { Side } from '../matching/events.ts';
import type { ContractResult } from './batch-commands.ts';
import type { ContractFill } from './batch-types.ts';
import type { ContractBalances } from './contract-balances.ts';
import type { OrderState, PositionState } from './engine-state.ts';
import type { FundingRecord } from './funding-payments.ts';
import type { LiquidationRecord } from './liquidator.ts';

export interface ContractEffects {
  postings: Posting[];
  /** Orders placed or changed, as they now stand, by id. */
  orders: Map<number, OrderState>;
  /** Positions opened or changed, as they now stand, by id. */
  positions: Map<number, PositionState>;
  fills: ContractFill[];
  liquidations: LiquidationRecord[];
  funding: FundingRecord[];
  /** Price levels whose resting quantity changed, per market. */
  touched: Map<string, { side: Side; price: number }[]>;
  results: ContractResult[];
  /** Whether memory changed: a failure after that rebuilds it. */
  moved: boolean;
}

/** Records a batch's effects; a posting also moves the batch's balances at once. */
export class EffectsRecorder {
  readonly effects: ContractEffects = {
    postings: [],
    orders: new Map(),
    positions: new Map(),
    fills: [],
    liquidations: [],
    funding: [],
    touched: new Map(),
    results: [],
    moved: false,
  };

  constructor(private readonly balances: ContractBalances) {}

  post(posting: Posting | null): void {
    if (!posting) return;
    this.effects.postings.push(posting);
    this.balances.apply(posting);
  }

  touchOrder(order: OrderState): void {
    this.effects.orders.set(order.id, order);
  }

  touchPosition(position: PositionState): void {
    this.effects.positions.set(position.id, position);
  }

  touchLevel(symbol: string, side: Side, price: number): void {
    let levels = this.effects.touched.get(symbol);
    if (!levels) {
      levels = [];
      this.effects.touched.set(symbol, levels);
    }
    levels.push({ side, price });
  }

  recordFill(fill: ContractFill): void {
    this.effects.fills.push(fill);
  }

  markMoved(): void {
    this.effects.moved = true;
  }
}
