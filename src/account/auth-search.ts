// The login page's query: which tab it shows (`?tab=register`), an invite code from an invite link
// (which opens registration), and the page to return to once logged in. The tab lives in the query
// so the top bar's title follows it and a link can open registration.
import type { AuthMode } from '../../core/auth-form.ts';

type Search = Readonly<Record<string, unknown>>;

/** The query parameter naming the tab. */
export const tabParam = 'tab';

/** An invite link (`/#/login?invite_code=…`) opens registration with the code filled in. */
export function inviteCodeOf(search: Search): string {
  const code = search.invite_code;
  // The router reads an all-digit code as a number.
  return typeof code === 'string' || typeof code === 'number' ? String(code).trim() : '';
}

export function authModeOf(search: Search): AuthMode {
  const tab = search[tabParam];
  if (tab === 'login' || tab === 'register' || tab === 'forgot') return tab;
  return inviteCodeOf(search) ? 'register' : 'login';
}

const titles: Record<AuthMode, string> = {
  login: 'titles.login',
  register: 'titles.register',
  forgot: 'titles.forgot',
};

/** The top bar's title: the tab shown. */
export function authTitleKey(search: Search): string {
  return titles[authModeOf(search)];
}
