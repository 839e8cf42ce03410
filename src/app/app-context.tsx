// App-wide state of the UI thread: the worker, the session, toasts, confirmations, panels.
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { FieldName } from '../../schemas/fields.ts';
import type { Language } from '../../schemas/languages.ts';
import type { UserInfo } from '../../workers/facade.ts';
import { type Core, proxy } from '../core-bridge.ts';
import type { Theme } from '../document-settings.ts';
import { storage } from '../storage.ts';
import { isClaimed } from '../ui/field-claims.ts';

/** What a toast tells: an action done, something that failed, or a plain note. */
export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
}

export interface ConfirmRequest {
  message: string;
  answer(ok: boolean): void;
}

export interface AppState {
  core: Core;
  token: string | null;
  user: UserInfo | null;
  language: Language;
  theme: Theme;
  toasts: readonly Toast[];
  confirmRequest: ConfirmRequest | null;
  menuOpen: boolean;
  languageOpen: boolean;
  /** Shows a short message; `info` unless said otherwise. */
  toast(text: string, kind?: ToastKind): void;
  confirm(message: string): Promise<boolean>;
  signedIn(token: string): void;
  signOut(): Promise<void>;
  setMenuOpen(open: boolean): void;
  setLanguageOpen(open: boolean): void;
  /** Both reload the page (docs/product.md §4); the event log makes the reload lossless. */
  changeLanguage(language: Language): void;
  changeTheme(theme: Theme): void;
}

const AppContext = createContext<AppState | null>(null);

export function useApp(): AppState {
  const state = useContext(AppContext);
  if (!state) throw new Error('useApp outside AppProvider');
  return state;
}

const toastMs = 2500;

export function AppProvider(props: {
  core: Core;
  goToLogin(): void;
  goHome(): void;
  reload(): void;
  children: ReactNode;
}) {
  const { core, goToLogin, goHome, reload } = props;
  const [token, setToken] = useState(storage.token);
  const [user, setUser] = useState<UserInfo | null>(null);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [confirmRequest, setConfirmRequest] = useState<ConfirmRequest | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [languageOpen, setLanguageOpen] = useState(false);
  const nextToast = useRef(1);
  const language = storage.language();
  const theme = storage.theme();

  const toast = useCallback((text: string, kind: ToastKind = 'info') => {
    const id = nextToast.current++;
    setToasts((shown) => [...shown, { id, text, kind }]);
    setTimeout(() => setToasts((shown) => shown.filter((t) => t.id !== id)), toastMs);
  }, []);

  const forgetSession = useCallback(() => {
    storage.clearSession();
    setToken(null);
    setUser(null);
  }, []);

  // Hand the stored credentials to the worker, and listen for what it pushes.
  useEffect(() => {
    void core.setCredentials({ token: storage.token(), language });
    void core.connectHost(
      proxy({
        // The worker toasts only what went wrong: a refusal in the server's words, a lost session.
        // A refusal of a field a form on screen shows is said under that field, not toasted.
        toast: (text: string, field?: FieldName) => {
          if (field === undefined || !isClaimed(field)) toast(text, 'error');
        },
        sessionExpired: (how: 'logout' | 'navigate') => {
          if (how === 'logout') forgetSession();
          goToLogin();
        },
      }),
    );
  }, [core, language, toast, forgetSession, goToLogin]);

  // Asked again on every opening of the menu, so its verification prompt follows a review that
  // happened meanwhile; an answer arriving after logout is dropped. Stable: pages close the menu
  // in effects that depend on it.
  const openMenu = useCallback(
    (open: boolean) => {
      setMenuOpen(open);
      if (!open || !storage.token()) return;
      void core.userInfo().then((outcome) => {
        if (outcome.ok && storage.token()) setUser(outcome.data);
      });
    },
    [core],
  );

  // Who is logged in: asked whenever there is a token (docs/product.md §4).
  useEffect(() => {
    if (!token) return;
    let current = true;
    void core.userInfo().then((outcome) => {
      if (current && outcome.ok) setUser(outcome.data);
    });
    return () => {
      current = false;
    };
  }, [core, token]);

  const state = useMemo<AppState>(
    () => ({
      core,
      token,
      user,
      language,
      theme,
      toasts,
      confirmRequest,
      menuOpen,
      languageOpen,
      toast,
      confirm: (message) =>
        new Promise<boolean>((resolve) =>
          setConfirmRequest({
            message,
            answer: (ok) => {
              setConfirmRequest(null);
              resolve(ok);
            },
          }),
        ),
      signedIn: (newToken) => {
        storage.setToken(newToken);
        setToken(newToken);
        void core.setCredentials({ token: newToken, language });
      },
      signOut: async () => {
        await core.logout();
        forgetSession();
        setMenuOpen(false);
        goHome();
      },
      setMenuOpen: openMenu,
      setLanguageOpen,
      changeLanguage: (next) => {
        storage.setLanguage(next);
        reload();
      },
      changeTheme: (next) => {
        storage.setTheme(next);
        reload();
      },
    }),
    [
      core,
      token,
      user,
      language,
      theme,
      toasts,
      confirmRequest,
      menuOpen,
      languageOpen,
      toast,
      forgetSession,
      goHome,
      reload,
      openMenu,
    ],
  );

  return <AppContext.Provider value={state}>{props.children}</AppContext.Provider>;
}
