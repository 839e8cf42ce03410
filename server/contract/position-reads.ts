// A user's open positions as GET /contract/positions answers them, from the database alone: a node
// keeps in memory only the markets it holds (contract-engine.ts `holds`), and a user's positions
// span markets, so the answer from memory would leave out the others. The backing is the one the
// engine computes from its memory (position-filing.ts `backingOf`, backing.ts), here over the
// account as the markets' writers committed it (docs/contracts.md § "A writer per market").
import type { ContractPosition } from '../../schemas/api/contract.schema.ts';
import type { Db } from '../db/database.ts';
import { backingOf, type CrossAccounts, type HeldPosition } from './backing.ts';
import { readAccounts } from './batch-accounts.ts';
import type { ContractMarket } from './contract-markets.ts';
import { openPositionsOf } from './contract-store.ts';
import { positionView } from './contract-views.ts';
import { EngineState, type PositionState } from './engine-state.ts';
import { MarkBoard } from './mark-board.ts';

/** A symbol no market has: readAccounts then takes no market from memory, every one as read. */
const noMarket = '';
/** Reads of the positions and of the account that disagree are taken again this many times. */
const rereads = 2;

/** The user's account as committed: what a cross position's backing stands on. */
interface ReadAccount {
  /** The open positions in `markets`, by id. */
  positions: PositionState[];
  /** The contract wallet's available + frozen. */
  total: bigint;
  /** What the user's resting isolated orders hold frozen. */
  holds: bigint;
}

/**
 * The user's open positions in `markets` (in `symbol` alone when given), by id, each at its
 * market's mark as `markOf` has it (the engine's mark board) and with its liquidation price on
 * the backing the engine would give it for the same committed state.
 */
export async function positionsRead(
  db: Db,
  markets: ReadonlyMap<string, ContractMarket>,
  userId: number,
  symbol: string | undefined,
  markOf: (symbol: string) => bigint | null,
): Promise<ContractPosition[]> {
  const { positions, total, holds } = await readAccount(db, markets, userId);
  const accounts: CrossAccounts = {
    positionsOf: () => positions,
    isolatedOrderHolds: () => holds,
  };
  const account = { accounts, marks: boardOf(positions, markOf), markets };
  return positions
    .filter((position) => symbol === undefined || position.symbol === symbol)
    .flatMap((position) => {
      const market = markets.get(position.symbol);
      if (!market) return [];
      // The wallet is always read here, so the route's fallback to the margin (for a wallet the
      // engine does not know) never applies.
      const backing = backingOf(account, position, total);
      return [positionView(position, market, markOf(position.symbol), backing)];
    });
}

/**
 * The positions with their full rows, then the wallet and isolated holds with the positions again
 * in one statement (batch-accounts.ts). Those are two statements, not one moment: when the two
 * disagree on a position (a writer committed between them) both are read again, up to twice,
 * before the answer takes the last pair as it stands. A transaction would make them one, but an
 * engine module's transactions are fenced by its lease (server/db/fenced-db.ts), which a node
 * that reads without holding the markets does not have.
 */
async function readAccount(
  db: Db,
  markets: ReadonlyMap<string, ContractMarket>,
  userId: number,
): Promise<ReadAccount> {
  for (let read = 0; ; read++) {
    const positions = await openPositionsOf(db, userId);
    const { balances, accounts } = await readAccounts(db, [userId], noMarket, new EngineState());
    if (read < rereads && !sameHoldings(positions, accounts.positionsOf(userId))) continue;
    return {
      // The engine's memory holds only its markets' positions: so does the backing here. The
      // holds are summed over every market as committed (as a batch reads them), which differs
      // from memory only for an isolated order resting in a market outside `markets`.
      positions: positions.filter((position) => markets.has(position.symbol)),
      total: balances.total(userId),
      holds: accounts.isolatedOrderHolds(userId),
    };
  }
}

/** Whether the two reads hold the same positions, in what a backing reads of them. */
function sameHoldings(rows: readonly PositionState[], held: readonly HeldPosition[]): boolean {
  if (rows.length !== held.length) return false;
  const bySymbol = new Map(held.map((position) => [position.symbol, position]));
  return rows.every((row) => {
    const other = bySymbol.get(row.symbol);
    return (
      other !== undefined &&
      other.marginMode === row.marginMode &&
      other.direction === row.direction &&
      other.quantity === row.quantity &&
      other.cost === row.cost &&
      other.margin === row.margin
    );
  });
}

/** The marks of the positions' markets on a board, as backing.ts reads them (`latest`). */
function boardOf(
  positions: readonly PositionState[],
  markOf: (symbol: string) => bigint | null,
): MarkBoard {
  const board = new MarkBoard();
  for (const { symbol } of positions) {
    const price = markOf(symbol);
    // Only `latest` is read: when and whether fresh do not matter to a backing.
    if (price !== null) board.set(symbol, { price, at: new Date(0), fresh: false });
  }
  return board;
}
