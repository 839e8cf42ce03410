// What each command of the contract engine answers once its batch is committed: the order or
// position as it now stands (at the latest mark, with its backing), the ids a liquidation or
// trigger closed, or the refusal. Read from the batch's effects and the engine's memory.
import type { ContractOrder, ContractPosition } from '../../schemas/api/contract.schema.ts';
import type { AnyAnswer } from '../engine/command-calls.ts';
import type { ContractResult } from './batch-commands.ts';
import type { ContractEffects } from './batch-effects.ts';
import type { ContractBalances } from './contract-balances.ts';
import type { ContractMarket } from './contract-markets.ts';
import { orderView, positionView } from './contract-views.ts';
import type { EngineState, PositionState } from './engine-state.ts';
import type { FundingSlice } from './funding-payments.ts';
import type { MarkBoard } from './mark-board.ts';

/** What each command answers (`server/engine/command-calls.ts`). */
export interface ContractAnswers {
  open: ContractOrder;
  cancel: ContractOrder;
  requote: number[];
  liquidate: number[];
  fund: FundingSlice;
  tpsl: ContractPosition;
  margin: ContractPosition;
  leverage: { symbol: string; leverage: number };
  trigger: number[];
}
export type ContractAnswer = AnyAnswer<ContractAnswers>;

/** What an answer reads of the engine. */
export interface AnswerSource {
  readonly markets: ReadonlyMap<string, ContractMarket>;
  readonly marks: MarkBoard;
  readonly state: EngineState;
  /** The backing of a position for its liquidation price; null when the wallet is unknown. */
  backingOf(position: PositionState, walletTotal: bigint | null): bigint | null;
}

/** The answer to the command whose result this is. */
export function answerOf(
  source: AnswerSource,
  result: ContractResult,
  effects: ContractEffects,
  balances: ContractBalances,
  now: Date,
): ContractAnswer | Error {
  switch (result.kind) {
    case 'refused':
      return result.error;
    case 'quotes':
      return result.resting;
    case 'liquidated':
      return result.positionIds;
    case 'funded':
      return { payments: result.payments, finished: result.finished };
    case 'triggered':
      return result.positionIds;
    case 'leverage':
      return { symbol: result.symbol, leverage: result.leverage };
    case 'position': {
      const position = effects.positions.get(result.positionId);
      const market = position && source.markets.get(position.symbol);
      if (!position || !market) throw new Error(`position ${result.positionId} was not written`);
      const backing = source.backingOf(position, balances.total(position.userId)) ?? 0n;
      return positionView(position, market, source.marks.latest(position.symbol), backing);
    }
    case 'order': {
      const order = effects.orders.get(result.orderId) ?? source.state.orders.get(result.orderId);
      if (!order) throw new Error(`order ${result.orderId} was not written`);
      return orderView(order, source.markets.get(order.symbol) as ContractMarket, now);
    }
  }
}
