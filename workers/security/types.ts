// The security side of the facade: the security center's password changes and the invite
// programme. Secrets go to the server only and are never logged.
import type { Outcome } from '../kernel/outcome.ts';

/** Proof of ownership for a change: the current secret, or a code sent by `sendSecurityCode`. */
export type SecretProof = { old_password: string } | { code: string };

export type SecretChange = SecretProof & { password: string; repassword: string };

export interface InviteRow {
  /** Unique in the list; the log names no user id. */
  key: string;
  level: 1 | 2 | 3;
  /** Masked by the server. */
  account: string;
  time: string;
}

export interface InviteView {
  code: string;
  /** Relative to the app's origin; the page makes it absolute. */
  link: string;
  counts: { level1: number; level2: number; level3: number };
  /** Newest first. */
  rows: readonly InviteRow[];
}

export interface SecurityHandlers {
  /** A code to the user's own email, or phone when no email is bound. */
  sendSecurityCode(to: 'email' | 'phone'): Promise<Outcome<{ resend_in: number }>>;
  changeLoginPassword(change: SecretChange): Promise<Outcome<null>>;
  setTradePassword(change: SecretChange): Promise<Outcome<null>>;
  inviteInfo(): Promise<Outcome<InviteView>>;
}
