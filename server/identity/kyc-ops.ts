// Operator review of identity verification (the CLI's `kyc list|approve|reject`). Operators see
// the full name and ID number and where the two images lie on this machine, which the API never
// shows anyone else.
import path from 'node:path';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { type OpsCall, opsCall } from '../ops/ops-call.ts';
import { uploadsDir } from './upload-store.ts';
import { ReviewError, reviewVerification } from './verification.ts';
import { publishVerification } from './verification-frames.ts';

const statuses = z.enum(['pending', 'verified', 'rejected']);

export function kycOps(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): OpsCall[] {
  const { db, clock, config } = deps;
  const list = opsCall({
    path: '/ops/kyc/list',
    input: z.object({ status: statuses.default('pending') }),
    commands: [
      {
        words: 'kyc list',
        options: ['status'],
        help: 'identity verifications (pending by default; verified, rejected)',
      },
    ],
    run: async ({ status }) => {
      const rows = await db
        .selectFrom('identity_submissions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .innerJoin('uploads as f', 'f.id', 's.front_upload_id')
        .innerJoin('uploads as b', 'b.id', 's.back_upload_id')
        .select([
          's.id',
          'u.account',
          's.user_id',
          's.real_name',
          's.id_number',
          's.status',
          's.reject_reason',
          's.created_at',
          's.reviewed_at',
          'f.name as front',
          'b.name as back',
        ])
        .where('s.status', '=', status)
        .orderBy('s.id', 'asc')
        .limit(200)
        .execute();
      const dir = uploadsDir(config.dataDir);
      return rows.map(({ front, back, ...row }) => ({
        ...row,
        front_image: path.join(dir, front),
        back_image: path.join(dir, back),
      }));
    },
  });

  const review = opsCall({
    path: '/ops/kyc/review',
    input: z.object({
      account: z.string().min(1),
      action: z.enum(['approve', 'reject']),
      reason: z.string().trim().min(1).max(200).optional(),
    }),
    commands: [
      {
        words: 'kyc approve',
        args: ['account'],
        fixed: { action: 'approve' },
        help: "approve the account's verification under review",
      },
      {
        words: 'kyc reject',
        args: ['account'],
        options: ['reason'],
        fixed: { action: 'reject' },
        help: 'reject it; the user sees the reason and may resubmit',
      },
    ],
    run: async ({ account, action, reason }, { userByAccount, log, fail }) => {
      const user = await userByAccount(account);
      const decision =
        action === 'approve'
          ? ({ action } as const)
          : ({ action, reason: reason ?? 'The documents could not be verified' } as const);
      try {
        await reviewVerification(db, clock, user.id, decision);
      } catch (error) {
        if (error instanceof ReviewError) fail(`${user.account}: ${error.message}`);
        throw error;
      }
      // The user's open pages learn the decision without asking.
      await publishVerification(db, user.id);
      await log(
        `kyc.${action}`,
        user.account,
        decision.action === 'reject' ? { reason: decision.reason } : {},
      );
      return {
        account: user.account,
        status: action === 'approve' ? 'verified' : 'rejected',
        ...(decision.action === 'reject' ? { reason: decision.reason } : {}),
      };
    },
  });
  return [list, review];
}
