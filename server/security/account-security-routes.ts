// The security center's calls, each concern in a file of its own: the overview, phone binding,
// the anti-phishing code, whitelist mode, devices and sessions, and the login history.
import type { AppDeps } from '../deps.ts';
import type { Router } from '../http/router.ts';
import { antiPhishingRoute } from './anti-phishing-route.ts';
import { loginHistoryRoute } from './login-history-route.ts';
import { overviewRoute } from './overview-route.ts';
import { phoneRoutes } from './phone-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { whitelistRoute } from './whitelist-route.ts';

export function accountSecurityRoutes(router: Router, deps: AppDeps): void {
  overviewRoute(router, deps);
  phoneRoutes(router, deps);
  antiPhishingRoute(router, deps);
  whitelistRoute(router, deps);
  sessionRoutes(router, deps);
  loginHistoryRoute(router, deps);
}
