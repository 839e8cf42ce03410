// Devices and sessions in the security center: the user's live sessions, and ending one of them
// or every other one, at once on every node and their open sockets.
import {
  endOtherSessions,
  endSession,
  sessions,
} from '../../schemas/api/account-security.schema.ts';
import {
  endOtherSessions as endOthers,
  endSessionById,
  listSessions,
} from '../accounts/session-list.ts';
import { sessionLimitsOf } from '../accounts/sessions.ts';
import type { AppDeps } from '../deps.ts';
import type { Router } from '../http/router.ts';

export function sessionRoutes(router: Router, deps: AppDeps): void {
  const { db, clock } = deps;
  const limits = sessionLimitsOf(deps.config);

  router.add(sessions, (_input, context) =>
    listSessions(db, clock, limits, context.session.userId, context.session.tokenHash),
  );

  router.add(endSession, async (input, context) => {
    await endSessionById(db, clock, limits, context.session.userId, input.id);
    return null;
  });

  router.add(endOtherSessions, async (_input, context) => ({
    count: await endOthers(db, clock, limits, context.session.userId, context.session.tokenHash),
  }));
}
