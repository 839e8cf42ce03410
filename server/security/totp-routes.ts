// PLACEHOLDER: being built.
import type { AppDeps } from '../deps.ts';
import type { Router } from '../http/router.ts';

export function totpRoutes(_router: Router, _deps: AppDeps): void {}
