// The code sent to the account's own email (or phone, for an account without one) that confirms a
// security change or a withdrawal: checked before the change, as `email_code`, and used up inside
// its transaction with `consumeCode` (server/accounts/codes.ts).
import { checkCode } from '../accounts/codes.ts';
import { securityDestination, type UserRow } from '../accounts/users.ts';
import type { AppDeps } from '../deps.ts';

/** Answers the code's id, or refuses naming the `email_code` field. */
export function checkEmailCode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  user: UserRow,
  code: string,
  purpose: 'security' | 'withdraw' = 'security',
): Promise<number> {
  return checkCode(
    { db: deps.db, clock: deps.clock, brandName: deps.config.brandName },
    { destination: securityDestination(user), purpose, code, field: 'email_code' },
  );
}
