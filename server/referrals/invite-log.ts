// The invite programme as one user sees it: how many people they brought in at levels 1 to 3, and
// who (masked), newest first. Only the caller's own tree is ever read.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { maskAccount } from './mask-account.ts';

/** Newest entries the log answers; the counts always cover everyone. */
export const inviteLogLimit = 200;

export interface InviteEntry {
  level: 1 | 2 | 3;
  account: string;
  registered_at: string;
}

interface TreeRow {
  level: number;
  account: string;
  created_at: Date | string;
}

/** The users below `userId` down to level 3, from one query. */
function tree(userId: number) {
  return sql`
    select 1 as level, u1.account, u1.created_at, u1.id
      from users u1 where u1.inviter_id = ${userId}
    union all
    select 2, u2.account, u2.created_at, u2.id
      from users u1 join users u2 on u2.inviter_id = u1.id where u1.inviter_id = ${userId}
    union all
    select 3, u3.account, u3.created_at, u3.id
      from users u1 join users u2 on u2.inviter_id = u1.id
      join users u3 on u3.inviter_id = u2.id where u1.inviter_id = ${userId}`;
}

export async function inviteCounts(db: Db, userId: number) {
  const { rows } = await sql<{ level: number; total: number }>`
    select level::int as level, count(*)::int as total from (${tree(userId)}) t group by level`.execute(
    db,
  );
  const of = (level: number) => rows.find((row) => row.level === level)?.total ?? 0;
  return { level1: of(1), level2: of(2), level3: of(3) };
}

/** The tree query counts levels 1 to 3 and no further. */
function inviteLevelOf(level: number): 1 | 2 | 3 {
  if (level === 1 || level === 2 || level === 3) return level;
  throw new Error(`an invite ${level} levels down`);
}

export async function inviteLog(db: Db, userId: number): Promise<InviteEntry[]> {
  const { rows } = await sql<TreeRow>`
    select level::int as level, account, created_at from (${tree(userId)}) t
    order by created_at desc, id desc limit ${inviteLogLimit}`.execute(db);
  return rows.map((row) => ({
    level: inviteLevelOf(row.level),
    account: maskAccount(row.account),
    registered_at: new Date(row.created_at).toISOString(),
  }));
}
