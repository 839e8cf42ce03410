// The accounts side of the facade: the session (codes, registration, login, password reset,
// logout, who is logged in). Secrets go to the server only and are never logged.
import type { z } from 'zod/mini';
import type { UserInfo } from '../../core/projections/account.ts';
import type { sessionSchema } from '../../schemas/api/account.schema.ts';
import type { Outcome } from '../kernel/outcome.ts';

export type Session = z.output<typeof sessionSchema>;
export type { UserInfo };

/** The authenticator's code, or one of the recovery codes shown when it was bound. */
export type LoginSecondFactor = { totp_code: string } | { recovery_code: string };

/** A login's outcome; `secondFactor` when the password was right and a code is needed. */
export type SignInOutcome = Outcome<Session> & { secondFactor?: true };

export interface SessionHandlers {
  sendEmailCode(
    email: string,
    scene: 'register' | 'forget',
  ): Promise<Outcome<{ resend_in: number }>>;
  register(form: {
    email: string;
    password: string;
    repassword: string;
    code: string;
    invite_code?: string;
  }): Promise<Outcome<Session>>;
  /**
   * With an authenticator bound, the server asks for its code (or a recovery code) as well: the
   * first try without one answers `secondFactor`, and the page asks for it.
   */
  login(account: string, password: string, second?: LoginSecondFactor): Promise<SignInOutcome>;
  forget(form: {
    account: string;
    code: string;
    password: string;
    repassword: string;
  }): Promise<Outcome<null>>;
  logout(): Promise<Outcome<null>>;
  userInfo(): Promise<Outcome<UserInfo>>;
}
