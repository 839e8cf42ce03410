// One perpetual market's writer inside the contract engine: its command queue with group commit,
// the sizer of its funding round's slices, and its order and position ids. Ids come from the
// tables' sequences a block at a time (server/engine/sequence-block.ts): a writer on any node
// never hands out another's, and a market's ids keep rising across a move to another node (a
// block taken later is above every id handed out before). A batch cannot know beforehand how many
// it needs (a liquidation's auto-deleveraging gives each counterparty an order), so some are kept
// at hand, and a batch that runs out is read back and run again with more (`runWithIds`).
import type { Db } from '../db/database.ts';
import { GroupCommit, type Pending } from '../engine/group-commit.ts';
import { IdsExhausted, SequenceBlock } from '../engine/sequence-block.ts';
import { type SliceBudget, SliceSizer } from '../engine/slice-sizer.ts';
import type { ContractCommand } from './batch-commands.ts';
import type { ContractMarket } from './contract-markets.ts';
import type { ContractAnswer } from './engine-answers.ts';

export interface MarketIds {
  readonly orders: SequenceBlock;
  readonly positions: SequenceBlock;
  /** How many of each are reserved before a batch. */
  atHand: number;
}

export interface MarketWriter {
  /** What its batches read and write through. */
  readonly db: Db;
  readonly commands: GroupCommit<ContractCommand, ContractAnswer>;
  readonly fundingSlice: SliceSizer;
  readonly ids: MarketIds;
}

/** Ids of each kind kept ready before a batch, and how many one statement takes beyond that. */
const idsAtHand = 256;
const idBlock = 1024;

export function marketWriter(
  market: ContractMarket,
  options: {
    db: Db;
    batchMax: number;
    fundingSlice?: SliceBudget;
    log: {
      error(details: object, message: string): void;
      warn(details: object, message: string): void;
    };
    /** Runs a batch of the market's commands (with the writer, for its ids and sizer). */
    run(
      writer: MarketWriter,
      work: Pending<ContractCommand, ContractAnswer>[],
      moved: () => void,
    ): Promise<void>;
    /** Reads the market's memory back from the database. */
    rebuild(): Promise<void>;
  },
): MarketWriter {
  const writer: MarketWriter = {
    db: options.db,
    fundingSlice: new SliceSizer(options.fundingSlice),
    ids: {
      orders: new SequenceBlock('contract_orders', idBlock),
      positions: new SequenceBlock('contract_positions', idBlock),
      atHand: idsAtHand,
    },
    commands: new GroupCommit<ContractCommand, ContractAnswer>({
      db: options.db,
      batchMax: options.batchMax,
      run: (work, moved) =>
        runWithIds(writer, () => options.run(writer, work, moved), options.rebuild),
      rebuild: options.rebuild,
      log: options.log,
      label: `contract ${market.symbol}`,
      // A funding slice runs alone: the sizer times the slice, not the orders beside it.
      alone: (command) => command.kind === 'fund',
    }),
  };
  return writer;
}

/**
 * Runs a batch with ids at hand. One that needed more than were reserved changed memory it never
 * wrote: the market is read back, and the batch runs again with twice what it took at hand.
 */
async function runWithIds(
  { ids, db }: MarketWriter,
  run: () => Promise<void>,
  rebuild: () => Promise<void>,
): Promise<void> {
  for (;;) {
    await ids.orders.reserve(db, ids.atHand);
    await ids.positions.reserve(db, ids.atHand);
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof IdsExhausted)) throw error;
      ids.atHand = 2 * Math.max(ids.atHand, ids.orders.handedOut, ids.positions.handedOut);
      await rebuild();
    }
  }
}
