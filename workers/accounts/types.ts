// The accounts side of the facade: the session (codes, registration, login, password reset,
// logout, who is logged in). Secrets go to the server only and are never logged.
import type { z } from 'zod/mini';
import type { UserInfo } from '../../core/projections/account.ts';
import type { sessionSchema } from '../../schemas/api/account.schema.ts';
import type { Outcome } from '../kernel/outcome.ts';

export type Session = z.output<typeof sessionSchema>;
export type { UserInfo };

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
  login(account: string, password: string): Promise<Outcome<Session>>;
  forget(form: {
    account: string;
    code: string;
    password: string;
    repassword: string;
  }): Promise<Outcome<null>>;
  logout(): Promise<Outcome<null>>;
  userInfo(): Promise<Outcome<UserInfo>>;
}
