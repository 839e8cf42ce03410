// What the worker knows of the passkeys' calls before it loads them: the names of their handlers
// and views, held to the loaded module's by the type checker.
import { deferDomain } from '../kernel/deferred.ts';
import type * as loaded from './domain.ts';

export const passkeysEntry = deferDomain<typeof loaded>({
  load: () => import('./domain.ts'),
  handlers: {
    passkeyLoginOptions: true,
    passkeyLogin: true,
    passkeyList: true,
    passkeyRegisterOptions: true,
    passkeyRegister: true,
    passkeyRemove: true,
  },
  views: {},
});
