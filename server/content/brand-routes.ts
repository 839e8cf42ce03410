// The brand the app shows: name and header logo, from configuration.
import { logo } from '../../schemas/api/content.schema.ts';
import type { AppDeps } from '../deps.ts';
import type { Router } from '../http/router.ts';

export function brandRoutes(router: Router, deps: AppDeps): void {
  router.add(logo, async () => ({ name: deps.config.brandName, head_logo: deps.config.brandLogo }));
}
