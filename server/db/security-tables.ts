// Row types of account security's tables (migration 0017), kept apart from `tables.ts`.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Bigserial = ColumnType<string | number, never, never>;

/** Why withdrawals are held: the change to the account's security that started the hold. */
export type WithdrawHoldReason =
  | 'password'
  | 'trade_password'
  | 'two_factor'
  | 'passkey'
  | 'recovery'
  | 'phone'
  | 'whitelist';

export type SecondFactor = 'totp' | 'passkey';

export interface TotpFactorsTable {
  user_id: number;
  /** Base32, as the authenticator app holds it: a verifier needs the secret itself. */
  secret: string;
  created_at: CreatedAt;
  /** Null while binding waits for its first right code. */
  confirmed_at: Date | null;
  /** The last time step a code was accepted for; a code of that step or before is refused. */
  last_step: ColumnType<string | number | null, number | null, number | null>;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: CreatedAt;
  used_at: Date | null;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** Base64url, as WebAuthn names the credential. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: ColumnType<string | number, number | undefined, number>;
  /** Comma-separated authenticator transports (usb, nfc, ble, internal, hybrid). */
  transports: ColumnType<string, string | undefined, string>;
  backed_up: ColumnType<boolean, boolean | undefined, boolean>;
  name: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
}

export type ChallengePurpose = 'register' | 'login' | 'withdraw';

export interface WebauthnChallengesTable {
  id: Generated<string | number>;
  /** Null for a sign-in, where the passkey names the user. */
  user_id: number | null;
  purpose: ChallengePurpose;
  challenge: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export type LoginMethod = 'password' | 'passkey' | 'register';
export type LoginOutcome = 'ok' | 'password_wrong' | 'second_factor_wrong' | 'locked';

export interface LoginEventsTable {
  id: Generated<string | number>;
  user_id: number;
  at: ColumnType<Date, Date | undefined, never>;
  ip: string;
  user_agent: string;
  /** The user agent summarised ("Chrome 131 on Android"), as the user reads it. */
  device: string;
  method: LoginMethod;
  outcome: LoginOutcome;
  new_device: ColumnType<boolean, boolean | undefined, never>;
}

export interface SecurityTables {
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  login_events: LoginEventsTable;
}

export type { Bigserial as SessionId };
