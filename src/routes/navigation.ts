// Navigation that leaves the page's own flow: back (or a fallback page), the login a protected page
// sends a visitor to, and the return from a form once it is done. Links elsewhere name a route of
// the table and navigate with the router's own `useNavigate`, which checks their path and query.
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { returnParam, safeReturnPath } from './return-path.ts';
import { routes } from './route-table.ts';

/** A route's path, as the table writes it. */
export type RoutePath = (typeof routes)[keyof typeof routes]['path'];

/**
 * Back to the previous page, or to `fallback` (home unless the page names a better one) when this
 * is the first one, opened by a link (docs/product.md §2).
 */
export function useBack(fallback: RoutePath = routes.home.path) {
  const router = useRouter();
  const navigate = useNavigate();
  return useCallback(() => {
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: fallback });
  }, [router, navigate, fallback]);
}

/**
 * Goes to `asked`, the path the page was opened to return to (its route's query has read it with
 * `safeReturnPath`), else to `fallback`; the page left is replaced, so Back does not lead to a form
 * already done.
 */
export function useReturn(asked: string | undefined, fallback: RoutePath) {
  const router = useRouter();
  const navigate = useNavigate();
  return useCallback(() => {
    if (asked) void router.navigate({ href: asked, replace: true });
    else void navigate({ to: fallback, replace: true });
  }, [router, navigate, asked, fallback]);
}

/**
 * Where a page sends a visitor who must log in: /login, returning to `href` once logged in (home,
 * where a login lands anyway, needs no return).
 */
export function loginReturningHere(href: string) {
  const back = safeReturnPath(href);
  return {
    to: routes.login.path,
    search: back && back !== '/' ? { [returnParam]: back } : {},
  } as const;
}
