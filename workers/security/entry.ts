// What the worker knows of the security center's and the invite page's calls before it loads
// them: the names of their handlers and views, held to the loaded module's by the type checker.
import { deferDomain } from '../kernel/deferred.ts';
import type * as loaded from './domain.ts';

export const securityEntry = deferDomain<typeof loaded>({
  load: () => import('./domain.ts'),
  handlers: {
    sendSecurityCode: true,
    changeLoginPassword: true,
    setTradePassword: true,
    inviteInfo: true,
    securityOverview: true,
    startTotpSetup: true,
    bindTotp: true,
    unbindTotp: true,
    sendPhoneCode: true,
    bindPhone: true,
    setAntiPhishingCode: true,
    setWhitelist: true,
    sessions: true,
    endSession: true,
    endOtherSessions: true,
    loginHistory: true,
    apiKeyScopes: true,
    apiKeys: true,
    createApiKey: true,
    deleteApiKey: true,
  },
  views: {},
});
