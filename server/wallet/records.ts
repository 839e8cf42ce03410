// A user's money movements from the ledger itself: each posting that touched one of their
// accounts, with what it did to that account (available and frozen together).
import { sql } from 'kysely';
import type { z } from 'zod';
import { displayAmount, parseAmount } from '../../core/money.ts';
import { recordType, type WalletName } from '../../schemas/api/wallet.schema.ts';
import type { Db } from '../db/database.ts';

export type RecordType = z.infer<typeof recordType>;

interface RecordRow {
  id: number;
  kind: string;
  wallet: WalletName;
  asset: string;
  amount: string;
  reference: string;
  created_at: Date | string;
}

export async function recordsOf(
  db: Db,
  userId: number,
  type: RecordType | undefined,
  page: number,
  size: number,
) {
  // Only the movements a user can see a type for (the liquidity provider's seeding has none).
  const types = type === undefined ? recordType.options : [type];
  const kind = sql`split_part(p.kind, '.', 1) in (${sql.join(types)})`;
  const { rows } = await sql<RecordRow & { total: number }>`
    select p.id::int as id, p.kind, a.wallet, a.asset, sum(e.amount)::text as amount,
      p.reference, p.created_at, count(*) over ()::int as total
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_postings p on p.id = e.posting_id
    where a.user_id = ${userId} and ${kind}
    group by p.id, a.id
    having sum(e.amount) <> 0
    order by p.id desc, a.id
    limit ${size} offset ${(page - 1) * size}`.execute(db);
  return {
    list: rows.map((row) => ({
      id: row.id,
      type: row.kind.split('.')[0] as RecordType,
      wallet: row.wallet,
      asset: row.asset,
      amount: signed(row.amount),
      reference: row.reference,
      created_at: new Date(row.created_at).toISOString(),
    })),
    total: rows[0]?.total ?? 0,
    page,
    size,
  };
}

function signed(text: string): string {
  const negative = text.startsWith('-');
  const atoms = parseAmount(negative ? text.slice(1) : text) ?? 0n;
  return `${negative ? '-' : ''}${displayAmount(atoms)}`;
}
