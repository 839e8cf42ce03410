// Where each protection is turned on or changed: its page and query. The email is bound at
// registration and has no page; whitelist mode is a switch on the security center itself; the
// passkeys' page is the passkeys' own.
import type { UseNavigateResult } from '@tanstack/react-router';
import type { ProtectionName } from '../../workers/facade.ts';
import { routes } from '../routes/route-table.ts';

/** Opens a protection's page with the router's `navigate`, which checks the route and its query. */
type OpenPage = (navigate: UseNavigateResult<string>) => Promise<void>;

export const protectionPages: Partial<Record<ProtectionName, OpenPage>> = {
  login_password: (navigate) => navigate({ to: routes.password.path, search: { type: 'login' } }),
  trade_password: (navigate) => navigate({ to: routes.password.path, search: { type: 'trade' } }),
  totp: (navigate) => navigate({ to: routes.totp.path }),
  passkey: (navigate) => navigate({ to: routes.passkeys.path }),
  phone: (navigate) => navigate({ to: routes.phone.path }),
  anti_phishing: (navigate) => navigate({ to: routes.antiPhishing.path }),
};
