// Where the mark reaches open positions, per market: each position under its liquidation price,
// and its take-profit and stop-loss where they trigger, so a mark round reads only what it
// reached (server/contract/liquidation-index.ts). The engine files positions as they change.
import { liquidationPrice } from '../../core/contract/margin.ts';
import { asPosition } from '../../core/contract/position-book.ts';
import type { ContractMarket } from './contract-markets.ts';
import type { PositionState } from './engine-state.ts';
import { LiquidationIndex } from './liquidation-index.ts';

export class PositionIndexes {
  readonly #liquidations = new Map<string, LiquidationIndex>();
  /** Take-profits and stop-losses, filed as keys position id × 2 (+1 for the stop-loss). */
  readonly #triggers = new Map<string, LiquidationIndex>();

  constructor(private readonly markets: ReadonlyMap<string, ContractMarket>) {
    this.clear();
  }

  clear(): void {
    for (const symbol of this.markets.keys()) {
      this.#liquidations.set(symbol, new LiquidationIndex());
      this.#triggers.set(symbol, new LiquidationIndex());
    }
  }

  /** The positions whose liquidation price `mark` has reached. */
  liquidationsReached(symbol: string, mark: bigint): number[] {
    return this.#liquidations.get(symbol)?.reached(mark) ?? [];
  }

  /** The positions whose take-profit or stop-loss `mark` has reached. */
  triggersReached(symbol: string, mark: bigint): number[] {
    const keys = this.#triggers.get(symbol)?.reached(mark) ?? [];
    return [...new Set(keys.map((key) => Math.floor(key / 2)))];
  }

  /** Files an open position under its liquidation price with `backing` behind it. */
  fileLiquidation(position: PositionState, backing: bigint): void {
    const market = this.markets.get(position.symbol);
    if (!market) return;
    this.#liquidations
      .get(position.symbol)
      ?.set(
        position.id,
        position.direction,
        liquidationPrice(market.brackets, asPosition(position), backing),
      );
  }

  /** Takes a closed position out. */
  removeLiquidation(position: PositionState): void {
    this.#liquidations.get(position.symbol)?.delete(position.id);
  }

  /**
   * Files a position's take-profit and stop-loss where the mark sets them off: a long's stop-loss
   * and a short's take-profit when the mark falls to them (filed as a long is), the others when
   * it rises to them. A closed position's are taken out.
   */
  fileTriggers(position: PositionState): void {
    const index = this.#triggers.get(position.symbol);
    if (!index) return;
    const open = position.status === 'open';
    const long = position.direction === 'long';
    index.set(position.id * 2, long ? 'short' : 'long', open ? position.tpPrice : null);
    index.set(position.id * 2 + 1, long ? 'long' : 'short', open ? position.slPrice : null);
  }
}
