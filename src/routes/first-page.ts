// The page the app opens at starts loading together with the language's strings, not after them:
// the router asks for a page's chunk only once it renders, and it renders once the strings are in.
import { storage } from '../storage.ts';
import { routeTable } from './route-table.ts';

/** The path of the app's hash URL: `#/pages/spot/trade?symbol=BTCUSDT` is `/pages/spot/trade`. */
export function hashPath(hash: string): string {
  const path = hash.replace(/^#/, '').split(/[?#]/, 1)[0] ?? '';
  return path === '' ? '/' : path;
}

/** Starts loading the chunk of the page at `hash`, if the table has it and the visitor may see it. */
export function preloadFirstPage(hash: string): void {
  const entry = routeTable.find((route) => route.path === hashPath(hash));
  if (!entry || (!entry.public && !storage.token())) return;
  // A failure is the router's to show: it loads the page again when it renders it.
  entry.page.load().catch(() => {});
}
