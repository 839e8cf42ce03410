// Where a page sends the user back to once it is done (after login or registration, after saving
// an address, after setting a trade password): a path of this app carried in the `redirect` query.
// Only a same-origin app path is followed, so a crafted link cannot send a user who just logged in
// to another site (an open redirect).
import { useRouterState } from '@tanstack/react-router';

const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** The query parameter that carries the path to return to. */
export const returnParam = 'redirect';

const base = 'https://app.invalid';

/**
 * The app path to return to, or null: it must start with one `/` (not `//host`, not `/\host`, no
 * scheme, no control characters), stay on this origin, and not be the login page itself.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers read a backslash as a slash, and drop tabs and newlines: `/\evil.example`.
  if (value.includes('\\') || [...value].some(isControl)) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}`;
}

/** The current page's path to return to, as the router knows it (path and query). */
export function useCurrentPath(): string {
  return useRouterState({ select: (state) => state.location.href });
}
