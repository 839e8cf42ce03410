// Fixtures for tests that drive the money writers directly on a database: users inserted in one
// statement with money in a wallet through one balanced deposit posting, an AI product and a
// pre-sale project made in the database, and what a user's ledger shows (their postings, a
// balance) to check that a command moved money exactly once.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { parseAmount } from '../../core/money.ts';
import { newInviteCode, newUserId } from '../../server/accounts/secrets.ts';
import { fundReference } from '../../server/ai/ledger-kinds.ts';
import type { Db } from '../../server/db/database.ts';
import type { Wallet } from '../../server/db/tables.ts';
import type { Leg } from '../../server/ledger/accounts.ts';
import { post } from '../../server/ledger/post.ts';

/** `count` users that cannot log in (no password verifies against their hash). */
export async function createUsers(db: Db, count: number): Promise<number[]> {
  if (count === 0) return [];
  const ids = new Set<number>();
  while (ids.size < count) ids.add(newUserId());
  const users = [...ids].map((id) => ({ id, email: `writer-${randomUUID()}@example.com` }));
  await sql`
    insert into users (id, account, email, phone, password_hash, trade_password_hash,
      invite_code, inviter_id, avatar)
    select id, email, email, null, '!no-login', null, invite, null, ''
    from unnest(${users.map((u) => u.id)}::int[], ${users.map((u) => u.email)}::text[],
      ${users.map(() => newInviteCode())}::text[]) as u(id, email, invite)`.execute(db);
  return users.map((user) => user.id);
}

export interface Funds {
  wallet: Wallet;
  asset: string;
  /** Atoms each user gets. */
  amount: bigint;
}

/** Credits each user `funds` as one deposit posting, as money arriving from a chain. */
export async function fundUsers(db: Db, users: readonly number[], funds: readonly Funds[]) {
  const legs: Leg[] = [];
  for (const { wallet, asset, amount } of funds) {
    if (users.length === 0 || amount === 0n) continue;
    for (const user of users) {
      legs.push({ account: { user, wallet, asset }, bucket: 'available', amount });
    }
    legs.push({
      account: { system: 'external_deposits', asset },
      bucket: 'available',
      amount: -amount * BigInt(users.length),
    });
  }
  if (legs.length === 0) return;
  await db
    .transaction()
    .execute((trx) => post(trx, { kind: 'deposit', reference: `test:fund:${randomUUID()}`, legs }));
}

/** Users with `funds` each. */
export async function fundedUsers(db: Db, count: number, funds: readonly Funds[]) {
  const users = await createUsers(db, count);
  await fundUsers(db, users, funds);
  return users;
}

/**
 * An AI product on sale with room to spare: a quota and a reserve no test batch exhausts, orders
 * from 1 to 10,000 of `asset`.
 */
export async function insertAiProduct(db: Db, now: number, asset = 'USDT'): Promise<number> {
  const row = await db
    .insertInto('ai_products')
    .values({
      name: `Writer test ${randomUUID().slice(0, 8)}`,
      asset,
      days: 30,
      apr_ppm: 100_000,
      min: '1',
      max: '10000',
      quota: '1000000000',
      funded: '100000000',
      created_at: new Date(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves `atoms` of USDT from the treasury to the AI products' reward reserve, as `ops ai fund` does. */
export async function fundAiReserve(db: Db, productId: number, atoms: bigint): Promise<void> {
  await db.transaction().execute((trx) =>
    post(trx, {
      kind: 'ai.fund',
      reference: fundReference.build({ product: productId, funding: randomUUID() }),
      legs: [
        { account: { system: 'treasury', asset: 'USDT' }, bucket: 'available', amount: -atoms },
        { account: { system: 'ai_reserve', asset: 'USDT' }, bucket: 'available', amount: atoms },
      ],
    }),
  );
}

/** A pre-sale open from a day before `now` to thirty days after, 100,000 USDT a user at most. */
export async function insertPresaleProject(db: Db, now: number): Promise<number> {
  const day = 86_400_000;
  const row = await db
    .insertInto('subscription_projects')
    .values({
      name: 'Writer test',
      // An asset of its own per project: the column is unique.
      asset: `T${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`,
      price: '0.05',
      supply: '1000000000',
      cap: '100000',
      start_at: new Date(now - day),
      end_at: new Date(now + 30 * day),
      distribute_at: new Date(now + 31 * day),
      created_at: new Date(now - 2 * day),
      salt: randomUUID(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Everyone's commitments to a project, atoms. */
export async function projectTotal(db: Db, projectId: number): Promise<bigint> {
  const { rows } = await sql<{ total: string }>`
    select coalesce(sum(committed), 0)::text as total from subscription_commitments
    where project_id = ${projectId}`.execute(db);
  return parseAmount(rows[0]?.total ?? '0') ?? 0n;
}

export interface Balance {
  available: bigint;
  frozen: bigint;
}

/** A user's balance in one wallet and asset (nothing when the account does not exist). */
export async function balanceOf(
  db: Db,
  userId: number,
  wallet: Wallet,
  asset: string,
): Promise<Balance> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['available', 'frozen'])
    .where('user_id', '=', userId)
    .where('wallet', '=', wallet)
    .where('asset', '=', asset)
    .executeTakeFirst();
  return {
    available: parseAmount(row?.available ?? '0') ?? 0n,
    frozen: parseAmount(row?.frozen ?? '0') ?? 0n,
  };
}

export interface PostingSeen {
  kind: string;
  reference: string;
}

/** Every posting that touched each user's accounts, oldest first, deposits left out. */
export async function postingsOf(
  db: Db,
  users: readonly number[],
): Promise<Map<number, PostingSeen[]>> {
  const seen = new Map<number, PostingSeen[]>(users.map((user) => [user, []]));
  if (users.length === 0) return seen;
  const { rows } = await sql<{ user_id: number; kind: string; reference: string }>`
    select distinct a.user_id, p.id, p.kind, p.reference
    from ledger_accounts a
    join ledger_entries e on e.account_id = a.id
    join ledger_postings p on p.id = e.posting_id
    where a.user_id = any(${[...users]}::int[]) and p.kind <> 'deposit'
    order by a.user_id, p.id`.execute(db);
  for (const row of rows) {
    seen.get(row.user_id)?.push({ kind: row.kind, reference: row.reference });
  }
  return seen;
}
