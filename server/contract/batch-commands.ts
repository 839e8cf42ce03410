// What a batch of the contract engine is asked to do and what it answers, one result per command:
// kept apart from the batch so that the engine, which queues the commands and answers them, and
// the batch, which runs them, share the words without one importing the other's workings.
import type { BusinessError } from '../http/business-error.ts';
import type { Quote } from '../market-kernel/liquidity/ladder.ts';
import type { NewContractOrder } from './batch-types.ts';
import type { ContractCancelReason } from './engine-state.ts';
import type { FundingCommand } from './funding-payments.ts';
import type { PositionCommand } from './position-changes.ts';

export type ContractCommand =
  | { kind: 'open'; order: NewContractOrder }
  /** A trader's cancel; the engine's own (a cross liquidation's in other markets) give a reason. */
  | { kind: 'cancel'; userId: number; orderId: number; reason?: ContractCancelReason }
  /** The liquidity provider's ladder in one market, as spot's `requote`. */
  | {
      kind: 'requote';
      userId: number;
      symbol: string;
      quotes: readonly Quote[];
      leverage: number;
      resting: readonly number[] | null;
    }
  /** Positions whose liquidation price the mark reached: each is checked exactly first. */
  | { kind: 'liquidate'; positionIds: readonly number[] }
  | FundingCommand
  | PositionCommand;

export type ContractResult =
  | { kind: 'order'; orderId: number }
  | { kind: 'quotes'; resting: number[] }
  | { kind: 'liquidated'; positionIds: number[] }
  | { kind: 'funded'; payments: number; finished: boolean }
  | { kind: 'position'; positionId: number }
  | { kind: 'leverage'; symbol: string; leverage: number }
  | { kind: 'triggered'; positionIds: number[] }
  | { kind: 'refused'; error: BusinessError };
