// Where the contract engine files its open positions: under their liquidation price (which for
// cross margin moves with the wallet and the other markets' marks) and their take-profit and
// stop-loss, so that a mark finds the positions it reached. Filed again after each batch for what
// it changed, and from the wallets read afresh at rebuild and on the cross refile's rounds.
import type { BalanceChange } from '../ledger/post.ts';
import { backingOf } from './backing.ts';
import type { ContractEffects } from './batch-effects.ts';
import type { ContractBalances } from './contract-balances.ts';
import type { ContractMarket } from './contract-markets.ts';
import type { EngineState, PositionState } from './engine-state.ts';
import type { MarkBoard } from './mark-board.ts';
import type { PositionIndexes } from './position-indexes.ts';

/** What the filing reads of the engine; `state` is its memory as it now stands. */
export interface FilingSource {
  readonly markets: ReadonlyMap<string, ContractMarket>;
  readonly marks: MarkBoard;
  readonly state: EngineState;
}

export class PositionFiling {
  constructor(
    private readonly source: FilingSource,
    private readonly indexes: PositionIndexes,
    /** The users' contract wallets as the ledger holds them now. */
    private readonly readBalances: (userIds: readonly number[]) => Promise<ContractBalances>,
  ) {}

  /** Files the changed positions, and every position of a wallet that changed, again. */
  refileChanged(effects: ContractEffects, changed: readonly BalanceChange[]): void {
    for (const position of effects.positions.values()) this.indexes.fileTriggers(position);
    const wallets = new Map<number, bigint>();
    for (const change of changed) {
      if (change.wallet === 'contract' && change.asset === 'USDT') {
        wallets.set(change.userId, change.available + change.frozen);
      }
    }
    for (const position of effects.positions.values()) {
      if (position.status !== 'open') this.indexes.removeLiquidation(position);
    }
    for (const [userId, total] of wallets) {
      for (const position of this.source.state.positionsOf(userId)) this.#file(position, total);
    }
    for (const position of effects.positions.values()) {
      if (position.status === 'open' && !wallets.has(position.userId)) {
        this.#file(position, null);
      }
    }
  }

  /** Every open position filed again, with its wallet read from the database. */
  async refileAll(): Promise<void> {
    this.indexes.clear();
    for (const position of this.source.state.positions.values()) {
      this.indexes.fileTriggers(position);
    }
    await this.refile('all');
  }

  /**
   * Files the cross positions again (or, with `all`, every position) with their wallets read
   * now: a transfer in or out of the contract wallet and the other markets' marks move a cross
   * position's liquidation price without the engine changing it.
   */
  async refile(which: 'cross' | 'all'): Promise<void> {
    const positions = [...this.source.state.positions.values()].filter(
      (position) => which === 'all' || position.marginMode === 'cross',
    );
    const balances = await this.readBalances(positions.map((position) => position.userId));
    for (const position of positions) {
      // Closed or changed while the wallets were read: the batch that did it filed it.
      if (this.source.state.positions.get(position.id) !== position) continue;
      this.#file(position, balances.total(position.userId));
    }
  }

  /**
   * Files a position under its liquidation price. `walletTotal` is the contract wallet's
   * available + frozen, needed for cross margin; null keeps a cross position where it was.
   */
  #file(position: PositionState, walletTotal: bigint | null): void {
    const backing = this.backingOf(position, walletTotal);
    if (backing !== null) this.indexes.fileLiquidation(position, backing);
  }

  /** The backing of a position for its liquidation price; null when the wallet is unknown. */
  backingOf(position: PositionState, walletTotal: bigint | null): bigint | null {
    if (position.marginMode === 'isolated') return position.margin;
    if (walletTotal === null) return null;
    const { state, marks, markets } = this.source;
    return backingOf({ accounts: state, marks, markets }, position, walletTotal);
  }
}
