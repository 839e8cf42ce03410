// The security center's overview: which protections are on, the level they make, the next one to
// turn on, the masked contact details and anti-phishing code, and any withdrawal hold.
import type { z } from 'zod';
import {
  type protectionName,
  protectionNames,
  securityOverview,
} from '../../schemas/api/account-security.schema.ts';
import { getUser } from '../accounts/users.ts';
import type { AppDeps } from '../deps.ts';
import type { Router } from '../http/router.ts';
import { maskAccount } from '../referrals/mask-account.ts';
import { hasAuthenticator } from './second-factor.ts';

type Protection = z.output<typeof protectionName>;

/**
 * The level by how many protections are on, of the eight: 3 or fewer is low (a password, an email
 * and a trade password are what every account that withdraws has), 4 or 5 medium (one or two
 * more: an authenticator, a passkey or a phone), 6 or more high.
 */
export function securityLevel(on: number): 'low' | 'medium' | 'high' {
  if (on <= 3) return 'low';
  if (on <= 5) return 'medium';
  return 'high';
}

/** The first two characters, the rest hidden: enough to recognise it, not to copy it. */
export function maskAntiPhishingCode(code: string): string {
  return `${[...code].slice(0, 2).join('')}***`;
}

export function overviewRoute(router: Router, deps: AppDeps): void {
  const { db, clock, config } = deps;

  router.add(securityOverview, async (_input, context) => {
    const userId = context.session.userId;
    const [user, totp, passkeys] = await Promise.all([
      getUser(db, userId),
      hasAuthenticator(deps, userId),
      db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    const passkeyCount = Number(passkeys.count);
    const state: Record<Protection, boolean> = {
      login_password: true,
      email: user.email !== null,
      trade_password: user.trade_password_hash !== null,
      totp,
      passkey: passkeyCount > 0,
      phone: user.phone !== null,
      anti_phishing: user.anti_phishing_code !== null,
      whitelist: user.withdraw_whitelist,
    };
    const protections = protectionNames.map((name) => ({ name, on: state[name] }));
    // A hold that has run out is no hold.
    const until = user.withdraw_hold_until;
    const holding = until !== null && until > clock.now();
    return {
      protections,
      level: securityLevel(protections.filter((protection) => protection.on).length),
      next: protections.find((protection) => !protection.on)?.name ?? null,
      email: user.email === null ? null : maskAccount(user.email),
      phone: user.phone === null ? null : maskAccount(user.phone),
      anti_phishing_code:
        user.anti_phishing_code === null ? null : maskAntiPhishingCode(user.anti_phishing_code),
      passkey_count: passkeyCount,
      withdraw_whitelist: user.withdraw_whitelist,
      withdraw_hold_until: holding ? until.toISOString() : null,
      withdraw_hold_reason: holding ? user.withdraw_hold_reason : null,
      address_hold_hours: Math.round(config.security.addressHoldMs / 3_600_000),
    };
  });
}
