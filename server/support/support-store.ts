// The support conversation as stored: one thread per user, written by the user or an operator.
import type { SupportMessage } from '../../schemas/api/support.schema.ts';
import type { Db } from '../db/database.ts';
import type { SupportMessagesTable } from '../db/tables.ts';

type Row = Pick<SupportMessagesTable, 'user_id' | 'from_operator' | 'body'> & {
  id: number;
  created_at: Date | string;
};

export function messageView(row: Row): SupportMessage {
  return {
    id: row.id,
    from: row.from_operator ? 'operator' : 'user',
    text: row.body,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function addMessage(
  db: Db,
  userId: number,
  fromOperator: boolean,
  body: string,
): Promise<SupportMessage> {
  const row = await db
    .insertInto('support_messages')
    .values({ user_id: userId, from_operator: fromOperator, body })
    .returningAll()
    .executeTakeFirstOrThrow();
  return messageView(row);
}

/** One user's messages, newest first; the user id is part of every query, never the client's. */
export async function messagesOf(db: Db, userId: number, page: number, size: number) {
  const rows = await db
    .selectFrom('support_messages')
    .selectAll()
    .select((eb) => eb.fn.countAll<number>().over().as('total'))
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { list: rows.map(messageView), total: Number(rows[0]?.total ?? 0), page, size };
}

/** Conversations for the operator: each user's latest message, the newest conversation first. */
export async function conversations(db: Db) {
  const rows = await db
    .selectFrom('support_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.account', 'm.from_operator', 'm.body', 'm.created_at', 'm.id'])
    .distinctOn('m.user_id')
    .orderBy('m.user_id')
    .orderBy('m.id', 'desc')
    .execute();
  return rows
    .sort((a, b) => b.id - a.id)
    .map((row) => ({
      user_id: row.user_id,
      account: row.account,
      // An operator answers when the user wrote last.
      awaiting_answer: !row.from_operator,
      last: row.body,
      at: new Date(row.created_at).toISOString(),
    }));
}
