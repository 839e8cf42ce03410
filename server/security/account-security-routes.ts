// The security center's calls, each concern in a file of its own: the overview, phone binding,
// the anti-phishing code, whitelist mode, devices and sessions, and the login history.
import type { AppDeps } from '../deps.ts';
import type { Router } from '../http/router.ts';
import { loginHistoryRoute } from './login-history-route.ts';
import { sessionRoutes } from './session-routes.ts';

export function accountSecurityRoutes(router: Router, deps: AppDeps): void {
  sessionRoutes(router, deps);
  loginHistoryRoute(router, deps);
}
