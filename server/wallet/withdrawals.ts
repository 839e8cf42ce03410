// Withdrawals: requested with the trade password, an email code and, where one is bound, the
// authenticator or a passkey (server/security/withdrawal-confirmation.ts), the amount and fee
// frozen at once; an operator approves (the money leaves for the signer queue and the fee is
// earned) or rejects (unfrozen); the user may cancel while it is pending (unfrozen). Each step is
// one posting in the transaction that changes the withdrawal's status, so status and money never
// disagree.
import type { Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { SecondFactor } from '../db/security-tables.ts';
import type { Database, WithdrawalStatus, WithdrawalsTable } from '../db/tables.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Leg } from '../ledger/accounts.ts';
import type { ReservationsQuery } from '../ledger/check.ts';
import { post } from '../ledger/post.ts';
import { withdrawalReference } from './ledger-kinds.ts';

type Trx = Transaction<Database>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;

export interface NewWithdrawal {
  userId: number;
  asset: string;
  chain: string;
  address: string;
  amount: bigint;
  fee: bigint;
  /** What confirmed it beside the trade password and the email code; none when no factor is bound. */
  secondFactor?: SecondFactor | null;
}

/** Both parts of a withdrawal: what the user pays is amount plus fee. */
const totalOf = (row: WithdrawalRow) =>
  (parseAmount(row.amount) ?? 0n) + (parseAmount(row.fee) ?? 0n);

const funding = (userId: number, asset: string) =>
  ({ user: userId, wallet: 'funding', asset }) as const;

export async function requestWithdrawal(trx: Trx, request: NewWithdrawal): Promise<WithdrawalRow> {
  const row = await trx
    .insertInto('withdrawals')
    .values({
      user_id: request.userId,
      asset: request.asset,
      chain: request.chain,
      address: request.address,
      amount: displayAmount(request.amount),
      fee: displayAmount(request.fee),
      status: 'pending',
      reason: null,
      second_factor: request.secondFactor ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const total = request.amount + request.fee;
  await post(trx, {
    kind: 'withdrawal.request',
    reference: withdrawalReference.build({ id: row.id, step: 'request' }),
    legs: [
      { account: funding(request.userId, request.asset), bucket: 'available', amount: -total },
      { account: funding(request.userId, request.asset), bucket: 'frozen', amount: total },
    ],
  });
  return row;
}

/** Moves a pending withdrawal to `to`, with the posting that goes with it. */
async function settle(
  trx: Trx,
  id: number,
  to: Exclude<WithdrawalStatus, 'pending' | 'sent'>,
  owner: number | null,
  reason: string | null = null,
): Promise<WithdrawalRow> {
  const row = await trx
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .$if(owner !== null, (q) => q.where('user_id', '=', owner as number))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new BusinessError('withdrawal_not_found');
  if (row.status !== 'pending') throw new BusinessError('withdrawal_not_pending');
  const total = totalOf(row);
  const account = funding(row.user_id, row.asset);
  const legs: Leg[] =
    to === 'approved'
      ? ([
          { account, bucket: 'frozen', amount: -total },
          {
            account: { system: 'withdrawals_in_flight', asset: row.asset },
            bucket: 'available',
            amount: parseAmount(row.amount) ?? 0n,
          },
          {
            account: { system: 'fees', asset: row.asset },
            bucket: 'available',
            amount: parseAmount(row.fee) ?? 0n,
          },
        ].filter((leg) => leg.amount !== 0n) as Leg[])
      : [
          { account, bucket: 'frozen', amount: -total },
          { account, bucket: 'available', amount: total },
        ];
  await post(trx, {
    kind: `withdrawal.${to}`,
    reference: withdrawalReference.build({ id, step: to }),
    legs,
  });
  return trx
    .updateTable('withdrawals')
    .set({ status: to, reason, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const cancelWithdrawal = (trx: Trx, userId: number, id: number) =>
  settle(trx, id, 'cancelled', userId);

export const approveWithdrawal = (trx: Trx, id: number) => settle(trx, id, 'approved', null);

export const rejectWithdrawal = (trx: Trx, id: number, reason: string) =>
  settle(trx, id, 'rejected', null, reason);

/** The withdrawal, locked, while it is approved and on its way; undefined once it is not. */
export const lockApproved = (trx: Trx, id: number) =>
  trx
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .forUpdate()
    .executeTakeFirst();

/**
 * The signer queue took an approved withdrawal on chain: the money has left for good. `txid` is
 * the transaction the simulated chain made up for it (a real send has its own already).
 */
export async function markSent(trx: Trx, id: number, txid?: string): Promise<WithdrawalRow> {
  const row = await lockApproved(trx, id);
  if (!row) throw new BusinessError('withdrawal_not_pending');
  const amount = parseAmount(row.amount) ?? 0n;
  await post(trx, {
    kind: 'withdrawal.sent',
    reference: withdrawalReference.build({ id, step: 'sent' }),
    legs: [
      {
        account: { system: 'withdrawals_in_flight', asset: row.asset },
        bucket: 'available',
        amount: -amount,
      },
      { account: { system: 'external_deposits', asset: row.asset }, bucket: 'available', amount },
    ],
  });
  return trx
    .updateTable('withdrawals')
    .set({ status: 'sent', updated_at: new Date(), ...(txid === undefined ? {} : { txid }) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Pending withdrawals are what funding accounts hold frozen. */
export const withdrawalReservations: ReservationsQuery = sql`
  select user_id, 'funding' as wallet, asset, sum(amount + fee) as amount
  from withdrawals where status = 'pending' group by user_id, asset`;
