// Who is logged in, as far as the client knows: from the login answer, the user info answer and
// the end of a session.
import { defineFold } from './fold.ts';

export interface SessionView {
  loggedIn: boolean;
  account: string | null;
  userId: number | null;
}

export const initialSession: SessionView = { loggedIn: false, account: null, userId: null };

const signedIn = (
  _state: SessionView,
  event: { payload: { account: string; user_id: number } },
) => ({
  loggedIn: true,
  account: event.payload.account,
  userId: event.payload.user_id,
});

export const sessionFold = defineFold(initialSession, {
  login: signedIn,
  user: signedIn,
  logout: () => initialSession,
  'session-expired': () => initialSession,
});
