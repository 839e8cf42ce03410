// Who is logged in, as far as the client knows: from login/logout intents and the user info answer.
import type { LoggedEvent } from '../event-log.ts';

export interface SessionView {
  loggedIn: boolean;
  account: string | null;
  userId: number | null;
}

export const initialSession: SessionView = { loggedIn: false, account: null, userId: null };

export function foldSession(state: SessionView, event: LoggedEvent): SessionView {
  const payload = event.payload as { account?: unknown; user_id?: unknown } | null;
  if (event.type === 'login' || (event.source === 'api' && event.type === 'user')) {
    return {
      loggedIn: true,
      account: typeof payload?.account === 'string' ? payload.account : state.account,
      userId: typeof payload?.user_id === 'number' ? payload.user_id : state.userId,
    };
  }
  if (event.type === 'logout' || event.type === 'session-expired') return initialSession;
  return state;
}
