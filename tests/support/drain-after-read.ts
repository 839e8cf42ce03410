// A user's money leaving between a writer's balance read and its transaction, as another writer
// or a transfer on another request would take it: a Kysely plugin, given to the writer as its
// database (`db.withPlugin(drain.plugin)`), that sees the first result holding the armed user's
// balance and at that moment moves all that user holds in the wallet to another wallet.
import { randomUUID } from 'node:crypto';
import { type KyselyPlugin, sql } from 'kysely';
import { parseAmount } from '../../core/money.ts';
import type { Db, OpenedDatabase } from '../../server/db/database.ts';
import type { Wallet } from '../../server/db/tables.ts';
import type { Leg } from '../../server/ledger/accounts.ts';
import { post } from '../../server/ledger/post.ts';

interface Target {
  userId: number;
  wallet: Wallet;
  to: Wallet;
  /** The user's ledger account ids in the wallet: some writers read balances by account id. */
  accounts: ReadonlySet<string>;
}

export class DrainAfterRead {
  #target: Target | undefined;
  #drained: Promise<number> | undefined;

  /**
   * On PGlite the drain is queued for the one connection the writer's next statement also waits
   * for (first come, first served), so it runs before the writer writes. PostgreSQL has a pool:
   * there the result waits for the drain to commit, on a connection of its own.
   */
  constructor(private readonly opened: Pick<OpenedDatabase, 'db' | 'kind'>) {}

  readonly plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      const target = this.#target;
      if (target && args.result.rows.some((row) => holdsBalanceOf(row, target))) {
        this.#target = undefined;
        this.#drained = drain(this.opened.db, target);
        if (this.opened.kind === 'postgres') await this.#drained;
      }
      return args.result;
    },
  };

  /** The next read of `userId`'s balance in `wallet` moves all of it to `to`. */
  async arm(userId: number, wallet: Wallet, to: Wallet): Promise<void> {
    const rows = await this.opened.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('user_id', '=', userId)
      .where('wallet', '=', wallet)
      .execute();
    this.#drained = undefined;
    this.#target = { userId, wallet, to, accounts: new Set(rows.map((row) => String(row.id))) };
  }

  /** Answers how many accounts the drain emptied; fails when no read of the balance was seen. */
  async drained(): Promise<number> {
    this.#target = undefined;
    if (!this.#drained) throw new Error('the writer never read the armed balance');
    return this.#drained;
  }
}

function holdsBalanceOf(row: Record<string, unknown>, target: Target): boolean {
  if (!('available' in row)) return false;
  return row.user_id === target.userId || target.accounts.has(String(row.id));
}

/** Moves everything available in the target's wallet to its other wallet, in one posting. */
async function drain(db: Db, target: Target): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ asset: string; available: string }>`
      select asset, available::text from ledger_accounts
      where user_id = ${target.userId} and wallet = ${target.wallet} and available > 0
      order by id for update`.execute(trx);
    const legs: Leg[] = rows.flatMap((row) => {
      const amount = parseAmount(row.available) ?? 0n;
      return [
        {
          account: { user: target.userId, wallet: target.wallet, asset: row.asset },
          bucket: 'available' as const,
          amount: -amount,
        },
        {
          account: { user: target.userId, wallet: target.to, asset: row.asset },
          bucket: 'available' as const,
          amount,
        },
      ];
    });
    if (legs.length > 0) {
      await post(trx, { kind: 'transfer', reference: `test:drain:${randomUUID()}`, legs });
    }
    return rows.length;
  });
}
