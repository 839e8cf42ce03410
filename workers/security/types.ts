// The security side of the facade: the security center (passwords, the authenticator app, the
// phone, the anti-phishing code, whitelist mode, sessions, the login history) and the invite
// programme. Secrets go to the server only and are never logged.
import type { holdReasons, protectionNames } from '../../schemas/api/account-security.schema.ts';
import type { ListPage, Outcome } from '../kernel/outcome.ts';
import type { LevelCommission } from './invite-figures.ts';

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

export type { LevelCommission };

export interface InviteView {
  code: string;
  /** Relative to the app's origin; the page makes it absolute. */
  link: string;
  counts: { level1: number; level2: number; level3: number };
  /** Each level's commission rate and what was earned at it, levels 1 to 3. */
  commissions: readonly LevelCommission[];
  /** Newest first. */
  rows: readonly InviteRow[];
}

export interface SecurityHandlers extends SecurityCenterHandlers, ApiKeyHandlers {
  /** A code to the user's own email, or phone when no email is bound. */
  sendSecurityCode(to: 'email' | 'phone'): Promise<Outcome<{ resend_in: number }>>;
  changeLoginPassword(change: SecretChange): Promise<Outcome<null>>;
  setTradePassword(change: SecretChange): Promise<Outcome<null>>;
  inviteInfo(): Promise<Outcome<InviteView>>;
}

// The security center: its overview, the authenticator app, the phone, the anti-phishing code,
// whitelist mode, devices and sessions, and the login history. Codes go to the server only.

export type ProtectionName = (typeof protectionNames)[number];
export type HoldReason = (typeof holdReasons)[number];
export type SecurityLevel = 'low' | 'medium' | 'high';

export interface SecurityOverview {
  /** In the order the center suggests turning them on. */
  protections: readonly { name: ProtectionName; on: boolean }[];
  /** Whether each protection is on, by name. */
  on: Readonly<Record<ProtectionName, boolean>>;
  level: SecurityLevel;
  /** The first protection still off; null when all are on. */
  next: ProtectionName | null;
  /** Masked by the server. */
  email: string | null;
  phone: string | null;
  /** The code's first two characters, the rest hidden. */
  antiPhishingCode: string | null;
  passkeyCount: number;
  whitelist: boolean;
  /** A withdrawal hold still running, its end in the user's locale; null when none runs. */
  hold: { until: string; reason: HoldReason | null } | null;
  /** How long a new withdrawal address waits before it can receive funds. */
  addressHoldHours: number;
}

/**
 * The second factor a sensitive step is confirmed with when an authenticator is bound: a code
 * from the app or a recovery code; null without one.
 */
export type SecondFactor = { kind: 'totp' | 'recovery'; code: string } | null;

export interface TotpSetup {
  /** Base32, for an app that cannot scan. */
  secret: string;
  /** `otpauth://totp/…`: what the QR code holds. */
  uri: string;
  /** Seconds the set-up stays valid. */
  expiresIn: number;
}

export interface PhoneBinding {
  phone: string;
  /** The code sent by SMS to the new number. */
  code: string;
  /** The code sent to the account's email. */
  emailCode: string;
  factor: SecondFactor;
}

export interface WhitelistChange {
  enabled: boolean;
  /** Needed to turn it off. */
  emailCode?: string;
  factor?: SecondFactor;
}

export interface SessionRow {
  id: string;
  /** "Chrome 131 on Android". */
  device: string;
  ip: string;
  /** In the user's locale. */
  createdAt: string;
  lastSeenAt: string;
  /** The session of this device. */
  current: boolean;
}

export type LoginMethod = 'password' | 'passkey' | 'register';
export type LoginOutcome = 'ok' | 'password_wrong' | 'second_factor_wrong' | 'locked';

export interface LoginRow {
  /** Unique in the list. */
  key: string;
  /** In the user's locale. */
  time: string;
  device: string;
  ip: string;
  method: LoginMethod;
  outcome: LoginOutcome;
  /** The first sign-in from this device. */
  newDevice: boolean;
}

export interface SecurityCenterHandlers {
  securityOverview(): Promise<Outcome<SecurityOverview>>;
  startTotpSetup(): Promise<Outcome<TotpSetup>>;
  /** Answers the ten recovery codes, shown this once. */
  bindTotp(code: string): Promise<Outcome<{ recoveryCodes: readonly string[] }>>;
  unbindTotp(proof: { factor: SecondFactor; emailCode: string }): Promise<Outcome<null>>;
  sendPhoneCode(phone: string): Promise<Outcome<{ resend_in: number }>>;
  bindPhone(binding: PhoneBinding): Promise<Outcome<null>>;
  setAntiPhishingCode(change: { code: string; emailCode: string }): Promise<Outcome<null>>;
  setWhitelist(change: WhitelistChange): Promise<Outcome<null>>;
  /** The current session first, then by last use. */
  sessions(): Promise<Outcome<readonly SessionRow[]>>;
  endSession(id: string): Promise<Outcome<null>>;
  /** Answers how many sessions ended. */
  endOtherSessions(): Promise<Outcome<{ count: number }>>;
  /** Newest first. */
  loginHistory(page: number): Promise<Outcome<ListPage<LoginRow>>>;
}

// API keys for trading by program (docs/api-binance.md § "API keys").

export interface ApiKeyRow {
  id: number;
  label: string;
  /** Shown in full; the secret never is, after the call that made the key. */
  apiKey: string;
  scopes: readonly string[];
  /** Empty: the key may be used from any address. */
  ipAllowlist: readonly string[];
  /** In the user's locale. */
  createdAt: string;
}

export interface NewApiKey {
  label: string;
  scopes: readonly string[];
  ipAllowlist: readonly string[];
  /** The code sent to the account's email. */
  emailCode: string;
  /** The authenticator's code, with one bound. */
  totpCode?: string;
}

export interface ApiKeyHandlers {
  /** The scopes a new key may hold: `read`, and each trading product's own. */
  apiKeyScopes(): Promise<Outcome<readonly string[]>>;
  /** Newest first, without their secrets. */
  apiKeys(): Promise<Outcome<readonly ApiKeyRow[]>>;
  /** Answers the key with its secret, which nothing shows again. */
  createApiKey(key: NewApiKey): Promise<Outcome<ApiKeyRow & { secret: string }>>;
  /** Revokes the key at once. */
  deleteApiKey(id: number): Promise<Outcome<null>>;
}
