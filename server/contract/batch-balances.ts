// The contract balances a batch of the contract engine reads before it runs: whose (each
// command's user, or the owners of the positions it liquidates, triggers or funds) and what
// their contract wallets hold, read from the ledger. A user without an account reads as zero.
import { sql } from 'kysely';
import { parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import type { ContractCommand } from './batch-commands.ts';
import { ContractBalances } from './contract-balances.ts';
import type { EngineState } from './engine-state.ts';

/** Whose balances a command reads: its user, or the owners of the positions it liquidates. */
export function usersOf(command: ContractCommand, state: EngineState): number[] {
  switch (command.kind) {
    case 'open':
      return [command.order.userId];
    case 'cancel':
    case 'requote':
      return [command.userId];
    case 'tpsl':
    case 'margin':
    case 'leverage':
      return [command.userId];
    case 'liquidate':
    case 'trigger':
      return command.positionIds.flatMap((id) => {
        const position = state.positions.get(id);
        return position ? [position.userId] : [];
      });
    case 'fund':
      return state.funding.nextPayers(command, state.positions.values());
  }
}

/** The users' contract wallets (USDT), as the ledger holds them now. */
export async function readBalances(db: Db, userIds: readonly number[]): Promise<ContractBalances> {
  const users = [...new Set(userIds)];
  const balances = new ContractBalances();
  if (users.length === 0) return balances;
  const { rows } = await sql<{ user_id: number; available: string; frozen: string }>`
    select user_id, available::text, frozen::text from ledger_accounts
    where user_id = any(${users}::int[]) and wallet = 'contract' and asset = 'USDT'`.execute(db);
  for (const user of users) balances.set(user, 0n, 0n);
  for (const row of rows) {
    balances.set(row.user_id, parseAmount(row.available) ?? 0n, parseAmount(row.frozen) ?? 0n);
  }
  return balances;
}
