// The benchmark page: the real app as src/main.tsx starts it (settings, strings, the worker, the
// router inside the app's provider), without the service worker, plus `raiseToast(text)`, which
// toasts the way the worker does (through the host the app hands it), so the bench reaches no
// part of the app's own state and measures the same way whatever shape that state has.
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '../../src/app/app-context.tsx';
import { type Core, startCore } from '../../src/core-bridge.ts';
import { applyDocumentSettings } from '../../src/document-settings.ts';
import { initI18n } from '../../src/i18n/index.ts';
import { loginReturningHere } from '../../src/routes/navigation.ts';
import { router } from '../../src/routes/router.tsx';
import { storage } from '../../src/storage.ts';
import '../../src/styles.css';

interface Host {
  toast(text: string): void;
}

applyDocumentSettings(document.documentElement, window.localStorage);
const strings = initI18n(storage.language());
const started = startCore();
let host: Host | undefined;
// The app's own core, except that the host it connects is kept for `raiseToast`.
const core = new Proxy(started, {
  get(target, key) {
    if (key !== 'connectHost') return Reflect.get(target, key);
    return (given: Host) => {
      host = given;
      return target.connectHost(given as never);
    };
  },
}) as Core;
Object.assign(window, { raiseToast: (text: string) => host?.toast(text) });
await strings;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppProvider
        core={core}
        goToLogin={() => void router.navigate(loginReturningHere(router.state.location.href))}
        goHome={() => void router.navigate({ to: '/' })}
        reload={() => window.location.reload()}
      >
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}
