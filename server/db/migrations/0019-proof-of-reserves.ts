// Proof of reserves (docs/wallet.md § "Proof of reserves"): each user's salt, made once when they
// first enter a snapshot, and every snapshot's published root with its leaves. A leaf keeps the
// user's balances, not their proof: a proof is about twenty siblings with a hash and a sum per
// asset each, several kilobytes a user and gigabytes for a million, while a leaf is about a
// hundred bytes; the tree is rebuilt from the leaves when a proof is asked for
// (server/reserves/reserve-proofs.ts).
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table reserve_salts (
    user_id integer primary key references users(id),
    salt text not null
  )`,
  `create table reserve_snapshots (
    id serial primary key,
    created_at timestamptz not null default now(),
    root jsonb not null
  )`,
  // `position` is the leaf's index in the tree, after the shuffle; `balances` the user's net
  // liabilities per asset as decimal strings (core/wallet/proof-json.ts).
  `create table reserve_leaves (
    snapshot_id integer not null references reserve_snapshots(id),
    user_id integer not null references users(id),
    position integer not null,
    balances jsonb not null,
    primary key (snapshot_id, user_id),
    unique (snapshot_id, position)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['reserve_leaves', 'reserve_snapshots', 'reserve_salts']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
