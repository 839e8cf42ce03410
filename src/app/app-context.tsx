// The app's state on the UI thread, kept apart by how often it changes: the services (the worker,
// the language, the theme) never change while the app runs; the toasts, the confirmation, the
// panels and the session are each a small store of their own (store.ts), read through narrow
// hooks (useNotify, useToasts, useConfirm, useMenu, useSession), so a change renders only the
// components that show it: a toast, the toasts region. Every context's value keeps its identity.
import { type ReactNode, useEffect, useState } from 'react';
import type { FieldName } from '../../schemas/fields.ts';
import { type Core, proxy } from '../core-bridge.ts';
import { storage } from '../storage.ts';
import { isClaimed } from '../ui/field-claims.ts';
import { useLatest } from '../ui/load-key.ts';
import { type Confirmations, ConfirmContext, createConfirmations } from './confirm.ts';
import { createMenu, type Menu, MenuContext } from './menu.ts';
import { type Services, ServicesContext } from './services.ts';
import { createSession, type Session, SessionContext } from './session.ts';
import { createToasts, type Toasts, ToastsContext } from './toasts.ts';

/** Where the app goes on its own: to the login when the session is lost, home after a logout. */
interface Navigation {
  goToLogin(): void;
  goHome(): void;
  reload(): void;
}

interface AppParts {
  services: Services;
  toasts: Toasts;
  confirmations: Confirmations;
  menu: Menu;
  session: Session;
}

function createAppParts(core: Core, navigation: { readonly current: Navigation }): AppParts {
  // Read once: a change of either reloads the page (docs/product.md §4).
  const language = storage.language();
  const theme = storage.theme();
  const toasts = createToasts();
  const confirmations = createConfirmations();
  // Asked again on every opening of the menu, so its verification prompt follows a review that
  // happened meanwhile.
  const menu = createMenu(() => session.askUser());
  const session = createSession(core, language, () => {
    menu.setMenuOpen(false);
    navigation.current.goHome();
  });
  const services: Services = {
    core,
    language,
    theme,
    changeLanguage(next) {
      storage.setLanguage(next);
      navigation.current.reload();
    },
    changeTheme(next) {
      storage.setTheme(next);
      navigation.current.reload();
    },
  };
  return { services, toasts, confirmations, menu, session };
}

export function AppProvider(props: Navigation & { core: Core; children: ReactNode }) {
  const navigation = useLatest<Navigation>({
    goToLogin: props.goToLogin,
    goHome: props.goHome,
    reload: props.reload,
  });
  // Made once: the worker is the app's for its whole life, and so is every store.
  const [parts] = useState(() => createAppParts(props.core, navigation));
  const { services, toasts, confirmations, menu, session } = parts;

  // Hand the stored credentials to the worker, and listen for what it pushes.
  useEffect(() => {
    const { core, language } = services;
    void core.setCredentials({ token: storage.token(), language });
    void core.connectHost(
      proxy({
        // The worker toasts only what went wrong: a refusal in the server's words, a lost session.
        // A refusal of a field a form on screen shows is said under that field, not toasted.
        toast: (text: string, field?: FieldName) => {
          if (field === undefined || !isClaimed(field)) toasts.notify(text, 'error');
        },
        // The login page says why, in the server's words, until someone signs in.
        sessionExpired: (how: 'logout' | 'navigate', message: string) => {
          if (how === 'logout') session.forget();
          session.expired(message);
          navigation.current.goToLogin();
        },
      }),
    );
  }, [services, toasts, session, navigation]);

  // Who is logged in: asked whenever there is a token (docs/product.md §4); signing in asks again.
  useEffect(() => session.askUser(), [session]);

  return (
    <ServicesContext.Provider value={services}>
      <SessionContext.Provider value={session}>
        <MenuContext.Provider value={menu}>
          <ConfirmContext.Provider value={confirmations}>
            <ToastsContext.Provider value={toasts}>{props.children}</ToastsContext.Provider>
          </ConfirmContext.Provider>
        </MenuContext.Provider>
      </SessionContext.Provider>
    </ServicesContext.Provider>
  );
}
