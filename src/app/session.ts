// Who is signed in: the token (kept in storage and handed to the worker) and the account the server
// says it belongs to. The top bar, the menu and the forms that differ for a visitor read it
// (useSession); a page that only signs in or out takes the actions alone (useSessionActions), which
// never change, and is not rendered again when the session does.
import { createContext, useContext } from 'react';
import type { Language } from '../../schemas/languages.ts';
import type { UserInfo } from '../../workers/facade.ts';
import type { Core } from '../core-bridge.ts';
import { storage } from '../storage.ts';
import { createStore, type Store, useStore } from './store.ts';

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  /**
   * The server's words when it ended the session itself (code 999): the login page shows them
   * until someone signs in.
   */
  expiredNotice: string | null;
}

export interface SessionActions {
  signedIn(token: string): void;
  signOut(): Promise<void>;
  /** Whether someone is signed in now (for a handler, which must not subscribe). */
  isSignedIn(): boolean;
}

export interface Session extends SessionActions {
  state: Store<SessionState>;
  /** The session is gone (a logout, or a token the server no longer knows): storage and state. */
  forget(): void;
  /** The server ended the session (code 999), in these words. */
  expired(message: string): void;
  /** Asks who is signed in, when someone is; an answer for a token no longer held is dropped. */
  askUser(): void;
}

/** `afterSignOut` runs once the worker has logged out and the session is forgotten. */
export function createSession(core: Core, language: Language, afterSignOut: () => void): Session {
  const state = createStore<SessionState>({
    token: storage.token(),
    user: null,
    expiredNotice: null,
  });
  const session: Session = {
    state,
    signedIn(token) {
      storage.setToken(token);
      state.set({ token, user: null, expiredNotice: null });
      void core.setCredentials({ token, language });
      session.askUser();
    },
    async signOut() {
      await core.logout();
      session.forget();
      afterSignOut();
    },
    isSignedIn: () => state.get().token !== null,
    forget() {
      storage.clearSession();
      state.set({ ...state.get(), token: null, user: null });
    },
    expired(message) {
      state.set({ ...state.get(), expiredNotice: message });
    },
    askUser() {
      const { token } = state.get();
      if (!token) return;
      void core.userInfo().then((outcome) => {
        if (outcome.ok && state.get().token === token) {
          state.set({ ...state.get(), user: outcome.data });
        }
      });
    },
  };
  return session;
}

export const SessionContext = createContext<Session | null>(null);

function useSessionStore(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('session outside AppProvider');
  return session;
}

/** Signing in and out; the same functions on every render, and no render when the session changes. */
export function useSessionActions(): SessionActions {
  return useSessionStore();
}

/** The token and the account, with the actions; renders again when either changes. */
export function useSession(): SessionState & SessionActions {
  const session = useSessionStore();
  const state = useStore(session.state);
  return {
    ...state,
    signedIn: session.signedIn,
    signOut: session.signOut,
    isSignedIn: session.isSignedIn,
  };
}
