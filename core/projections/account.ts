// The account pages' data as last answered: the user's own settings (what the security center
// and the menu show) and the invite programme.
import type { z } from 'zod/mini';
import type { inviteInfo, userInfoSchema } from '../../schemas/api/security.schema.ts';
import { defineFold } from './fold.ts';

export type UserInfo = z.output<typeof userInfoSchema>;
export type InviteInfo = z.output<(typeof inviteInfo)['response']>;

export interface AccountView {
  user: UserInfo | null;
  invite: InviteInfo | null;
}

export const initialAccount: AccountView = { user: null, invite: null };

export const accountFold = defineFold(initialAccount, {
  user: (state, { payload }) => ({ ...state, user: payload }),
  invite: (state, { payload }) => ({ ...state, invite: payload }),
  logout: () => initialAccount,
  'session-expired': () => initialAccount,
});
