// Entry of the web app: <html> settings, i18n, the worker, the service worker and the install
// prompt, then the router inside the app state.
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/app-context.tsx';
import { startCore } from './core-bridge.ts';
import { applyDocumentSettings } from './document-settings.ts';
import { initI18n } from './i18n/index.ts';
import { installPrompt } from './pwa/install-prompt.ts';
import { preloadFirstPage } from './routes/first-page.ts';
import { loginReturningHere } from './routes/navigation.ts';
import { routes } from './routes/route-table.ts';
import { router } from './routes/router.tsx';
import { storage } from './storage.ts';
import './styles.css';

function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

applyDocumentSettings(document.documentElement, window.localStorage);
// The language's strings, the worker and the first page's chunk (with the products' strings when
// it is a product's page) start together: they come over the network side by side.
const strings = initI18n(storage.language());
const core = startCore();
preloadFirstPage(window.location.hash);
// The service worker (and the code that registers it) once the page has loaded: its precache
// would otherwise compete with the first screen's files.
afterLoad(() =>
  import('./pwa/register-service-worker.ts').then((module) => module.registerServiceWorker()),
);
installPrompt.listen(window);
await strings;

const root = document.getElementById('root');
if (root) {
  const app = createRoot(root);
  // A transition, so React builds the app in slices it can pause between rather than in one long
  // task; index.html's frame stays on screen until it is done.
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppProvider
          core={core}
          goToLogin={() => {
            // Calls in flight together each find the session lost: the second finds the login
            // page already open, and leaves it with the page it returns to.
            const here = router.state.location;
            if (here.pathname !== routes.login.path)
              void router.navigate(loginReturningHere(here.href));
          }}
          goHome={() => void router.navigate({ to: routes.home.path })}
          reload={() => window.location.reload()}
        >
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
}
