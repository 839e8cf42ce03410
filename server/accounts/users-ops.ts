// The operator's list of users (the CLI's `users`).
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { type OpsCall, opsCall } from '../ops/ops-call.ts';

export function usersOps(db: Db): OpsCall[] {
  return [
    opsCall({
      path: '/ops/users',
      input: z.object({}),
      commands: [{ words: 'users', help: 'list users' }],
      run: async () =>
        db
          .selectFrom('users')
          .select(['id', 'account', 'kyc_status', 'created_at'])
          .orderBy('created_at', 'desc')
          .limit(200)
          .execute(),
    }),
  ];
}
