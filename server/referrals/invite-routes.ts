// /security/invite: the caller's invite code, the link that pre-fills it at registration, and who
// they invited at levels 1 to 3, the commission rates and what they earned at each level. The user is the session's; no id is taken from the request.
import { inviteInfo } from '../../schemas/api/security.schema.ts';
import { getUser } from '../accounts/users.ts';
import type { AppDeps } from '../deps.ts';
import type { Router } from '../http/router.ts';
import { commissionEarned, rateText } from './commission-earned.ts';
import { inviteCounts, inviteLog } from './invite-log.ts';

/**
 * The register screen's address with the code in its query, relative to the app's origin: the
 * server does not know which public address the app is reached by, the page does.
 */
export function inviteLink(code: string): string {
  return `/#/login?invite_code=${encodeURIComponent(code)}`;
}

export function inviteRoutes(router: Router, deps: AppDeps): void {
  const { db } = deps;
  router.add(inviteInfo, async (_input, context) => {
    const user = await getUser(db, context.session.userId);
    return {
      invite_code: user.invite_code,
      link: inviteLink(user.invite_code),
      counts: await inviteCounts(db, user.id),
      log: await inviteLog(db, user.id),
      rates: deps.config.trading.referralRatesPpm.map(rateText),
      earned: await commissionEarned(db, user.id),
    };
  });
}
