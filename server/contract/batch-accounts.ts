// What a batch of one perpetual's writer reads of its users' contract accounts before it runs:
// their contract wallets, and what they hold in the other perpetuals (open positions, and what
// their isolated orders there keep frozen), in one statement: one snapshot of what the other
// markets' writers have committed. Its own market it takes from memory, where its writer keeps it
// exact. A cross position's backing adds the two (backing.ts; docs/contracts.md § "A writer per
// market").
import { sql } from 'kysely';
import { parseAmount } from '../../core/money.ts';
import type { MarginMode } from '../../schemas/api/contract.schema.ts';
import type { Db } from '../db/database.ts';
import type { CrossAccounts, HeldPosition } from './backing.ts';
import { ContractBalances } from './contract-balances.ts';
import type { EngineState } from './engine-state.ts';

/** The batch users' holdings in the other markets. */
interface Elsewhere {
  positions: Map<number, HeldPosition[]>;
  holds: Map<number, bigint>;
}

/** The batch's view of its users' accounts: its market from memory, the others as read. */
export class BatchAccounts implements CrossAccounts {
  constructor(
    private readonly symbol: string,
    private readonly state: EngineState,
    private readonly elsewhere: Elsewhere,
  ) {}

  positionsOf(userId: number): readonly HeldPosition[] {
    const here = this.state.positionOf(userId, this.symbol);
    const there = this.elsewhere.positions.get(userId) ?? [];
    return here ? [here, ...there] : there;
  }

  isolatedOrderHolds(userId: number): bigint {
    let held = this.elsewhere.holds.get(userId) ?? 0n;
    for (const order of this.state.ordersOf(userId, this.symbol)) {
      if (order.marginMode === 'isolated') held += order.frozen;
    }
    return held;
  }
}

export interface ReadAccounts {
  balances: ContractBalances;
  accounts: BatchAccounts;
}

/** One row of the statement's three parts; the columns another part has no use for are null. */
type Row = {
  kind: 'wallet' | 'position' | 'holds';
  user_id: number;
  symbol: string | null;
  margin_mode: MarginMode | null;
  direction: 'long' | 'short' | null;
  /** A wallet's. */
  available: string | null;
  /** A wallet's, or what the user's isolated orders hold (`holds`). */
  frozen: string | null;
  /** A position's. */
  quantity: string | null;
  cost: string | null;
  margin: string | null;
};

const atoms = (text: string | null) => (text === null ? 0n : (parseAmount(text) ?? 0n));

/**
 * The users' contract wallets (a user without one reads as zero) and their holdings outside
 * `symbol`, as the database holds them now, for a batch of `symbol`'s writer over `state`.
 */
export async function readAccounts(
  db: Db,
  userIds: readonly number[],
  symbol: string,
  state: EngineState,
): Promise<ReadAccounts> {
  const users = [...new Set(userIds)];
  const balances = new ContractBalances();
  const elsewhere: Elsewhere = { positions: new Map(), holds: new Map() };
  const accounts = new BatchAccounts(symbol, state, elsewhere);
  if (users.length === 0) return { balances, accounts };
  // One statement, so the wallets and the other markets' rows are one committed moment.
  const { rows } = await sql<Row>`
    select 'wallet' as kind, user_id, null as symbol, null as margin_mode, null as direction,
      available::text as available, frozen::text as frozen, null as quantity, null as cost,
      null as margin
    from ledger_accounts
    where user_id = any(${users}::int[]) and wallet = 'contract' and asset = 'USDT'
    union all
    select 'position', user_id, symbol, margin_mode, direction, null, null, quantity::text,
      cost::text, margin::text
    from contract_positions
    where user_id = any(${users}::int[]) and status = 'open' and symbol <> ${symbol}
    union all
    select 'holds', user_id, null, null, null, null, sum(frozen)::text, null, null, null
    from contract_orders
    where user_id = any(${users}::int[]) and status in ('open', 'partially_filled')
      and margin_mode = 'isolated' and symbol <> ${symbol}
    group by user_id`.execute(db);
  for (const user of users) balances.set(user, 0n, 0n);
  for (const row of rows) {
    if (row.kind === 'wallet') balances.set(row.user_id, atoms(row.available), atoms(row.frozen));
    else if (row.kind === 'holds') elsewhere.holds.set(row.user_id, atoms(row.frozen));
    else if (row.symbol !== null && row.margin_mode !== null && row.direction !== null) {
      const held = elsewhere.positions.get(row.user_id) ?? [];
      held.push({
        userId: row.user_id,
        symbol: row.symbol,
        marginMode: row.margin_mode,
        direction: row.direction,
        quantity: atoms(row.quantity),
        cost: atoms(row.cost),
        margin: atoms(row.margin),
      });
      elsewhere.positions.set(row.user_id, held);
    }
  }
  return { balances, accounts };
}
