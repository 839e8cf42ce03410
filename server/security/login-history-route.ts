// The security center's login history: the user's own sign-ins and failed tries, newest first.
import { loginHistory } from '../../schemas/api/account-security.schema.ts';
import type { AppDeps } from '../deps.ts';
import type { Router } from '../http/router.ts';
import { loginHistoryPage } from './login-history.ts';

export function loginHistoryRoute(router: Router, deps: AppDeps): void {
  router.add(loginHistory, (input, context) =>
    loginHistoryPage(deps.db, deps.clock, context.session.userId, input),
  );
}
