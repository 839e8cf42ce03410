// The ledger's invariants, checked against the database: per asset all accounts sum to zero; no
// user account is below zero; every balance equals the sum of its entries; every posting
// balances per asset; every entry names a posting and an account that exist; frozen money
// equals the reservations that froze it; and, given the products' declarations, every system
// account and every posting's kind is one some product declared (server/ledgers.ts).
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface LedgerProblem {
  invariant: string;
  detail: string;
}

/** Open reservations per user account, as `(user_id, wallet, asset, amount)` rows. */
export type ReservationsQuery = RawBuilder<ReservationRow>;
export interface ReservationRow {
  user_id: number;
  wallet: string;
  asset: string;
  amount: string;
}

/** The names the products declared: what a system account or a posting's kind may be. */
export interface LedgerDeclarations {
  systemAccounts: readonly string[];
  kinds: readonly string[];
}

export async function checkLedger(
  db: Db,
  reservations: readonly ReservationsQuery[] = [],
  declared?: LedgerDeclarations,
): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const report = (invariant: string, rows: readonly Record<string, unknown>[]) => {
    for (const row of rows) problems.push({ invariant, detail: JSON.stringify(row) });
  };

  const unbalancedAssets = await sql<{ asset: string; total: string }>`
    select asset, sum(available + frozen)::text as total from ledger_accounts
    group by asset having sum(available + frozen) <> 0`.execute(db);
  report('every asset sums to zero', unbalancedAssets.rows);

  const negative = await sql<{ id: string }>`
    select id::text, user_id, wallet, asset, available::text, frozen::text from ledger_accounts
    where user_id is not null and (available < 0 or frozen < 0)`.execute(db);
  report('no user account below zero', negative.rows);

  const drifted = await sql<{ id: string }>`
    select a.id::text, a.available::text, a.frozen::text,
      coalesce(sum(e.amount) filter (where e.bucket = 'available'), 0)::text as entries_available,
      coalesce(sum(e.amount) filter (where e.bucket = 'frozen'), 0)::text as entries_frozen
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id
    having a.available <> coalesce(sum(e.amount) filter (where e.bucket = 'available'), 0)
        or a.frozen <> coalesce(sum(e.amount) filter (where e.bucket = 'frozen'), 0)`.execute(db);
  report('balances equal their entries', drifted.rows);

  // Entries carry no foreign keys (migration 0013): this is where a stray one would show.
  const orphans = await sql<{ posting_id: string }>`
    select e.posting_id::text, e.account_id::text, e.bucket, e.amount::text from ledger_entries e
    where not exists (select 1 from ledger_postings p where p.id = e.posting_id)
       or not exists (select 1 from ledger_accounts a where a.id = e.account_id)`.execute(db);
  report('every entry names a posting and an account', orphans.rows);

  const unbalancedPostings = await sql<{ posting_id: string }>`
    select e.posting_id::text, a.asset, sum(e.amount)::text as total
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    group by e.posting_id, a.asset having sum(e.amount) <> 0`.execute(db);
  report('every posting balances', unbalancedPostings.rows);

  const reserved =
    reservations.length === 0
      ? sql<ReservationRow>`select null::int as user_id, null as wallet, null as asset, 0::numeric as amount where false`
      : sql.join(reservations, sql` union all `);
  const frozenMismatch = await sql<{ id: string }>`
    with reserved as (
      select user_id, wallet, asset, sum(amount) as amount from (${reserved}) r
      group by user_id, wallet, asset
    )
    select a.id::text, a.user_id, a.wallet, a.asset, a.frozen::text,
      coalesce(r.amount, 0)::text as reserved
    from ledger_accounts a
    left join reserved r on r.user_id = a.user_id and r.wallet = a.wallet and r.asset = a.asset
    where a.user_id is not null and a.frozen <> coalesce(r.amount, 0)`.execute(db);
  report('frozen equals open reservations', frozenMismatch.rows);

  if (declared) {
    const undeclaredAccounts = await sql<{ system_name: string }>`
      select distinct system_name from ledger_accounts
      where system_name is not null
        and not (system_name = any(${[...declared.systemAccounts]}::text[]))`.execute(db);
    report('every system account is declared', undeclaredAccounts.rows);
    // A posting of a kind nobody declares would be money the user's records cannot show.
    const undeclaredKinds = await sql<{ kind: string }>`
      select kind, count(*)::int as postings from ledger_postings
      where not (kind = any(${[...declared.kinds]}::text[]))
      group by kind`.execute(db);
    report('every posting is of a declared kind', undeclaredKinds.rows);
  }

  return problems;
}
