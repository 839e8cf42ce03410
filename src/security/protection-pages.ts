// Where each protection is turned on or changed: its page and query. The email is bound at
// registration and has no page; whitelist mode is a switch on the security center itself; the
// passkeys' page is the passkeys' own.
import type { ProtectionName } from '../../workers/facade.ts';

export interface PageLink {
  path: string;
  search?: Record<string, string>;
}

export const securityPaths = {
  center: '/pages/user/safe',
  password: '/pages/user/password',
  totp: '/pages/user/totp',
  totpUnbind: '/pages/user/totpUnbind',
  phone: '/pages/user/phone',
  antiPhishing: '/pages/user/antiPhishing',
  passkeys: '/pages/user/passkeys',
  sessions: '/pages/user/sessions',
  logins: '/pages/user/logins',
} as const;

export const protectionPages: Partial<Record<ProtectionName, PageLink>> = {
  login_password: { path: securityPaths.password, search: { type: 'login' } },
  trade_password: { path: securityPaths.password, search: { type: 'trade' } },
  totp: { path: securityPaths.totp },
  passkey: { path: securityPaths.passkeys },
  phone: { path: securityPaths.phone },
  anti_phishing: { path: securityPaths.antiPhishing },
};
