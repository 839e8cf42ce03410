// Account security: the authenticator app, passkeys, phone binding, the anti-phishing code,
// whitelist mode, devices and sessions, the login history, API keys and the security center's
// overview (docs/security.md). Withdrawals are confirmed through its checks in the wallet's route.
import { defineModule } from '../module.ts';
import { accountSecurityRoutes } from './account-security-routes.ts';
import { apiKeyCipherOf } from './api-key-cipher.ts';
import { apiKeyRoutes } from './api-key-routes.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { totpRoutes } from './totp-routes.ts';

export const securityModule = defineModule({
  name: 'security',
  create(context) {
    totpRoutes(context.router, context);
    passkeyRoutes(context.router, context);
    accountSecurityRoutes(context.router, context);
    apiKeyRoutes(context.router, context);
    return {
      // The API keys' sealing key is read (or made, the first time) at start, so a bad one stops
      // the start rather than a key's first call.
      async start() {
        await apiKeyCipherOf(context.config);
      },
    };
  },
});
