// What each route's query may hold, read by the router (`validateSearch`) before its page renders.
// A link may be typed or shared, so a missing or malformed value reads as none (undefined) and the
// page falls back to its default instead of an error page. A reader gives no defaults itself: the
// router writes its result into the address, which stays as the link wrote it (`/login`). Each reader's parameter is what the app's own links
// write (checked where they navigate); its result is what the page reads with `useSearch`. The
// readers are the zod-free field parsers of schemas/, which the first screen can afford before any
// schema loads; they live here, not in the product folders, because the route table loads with the
// app and a product's folder loads with its pages (build/page-groups.ts).
import type { SearchSchemaInput } from '@tanstack/react-router';
import type { AuthMode } from '../../core/auth-form.ts';
import type { SecretKind } from '../../core/secret-form.ts';
import { type KlinePeriod, readSymbol } from '../../schemas/market-names.ts';
import { type ChainName, readAsset, readChain } from '../../schemas/wallet-names.ts';
import { inviteCodeOf } from '../account/auth-search.ts';
import { isKlinePeriod } from '../market/market-query.ts';
import { safeReturnPath } from './return-path.ts';

/** A query as the router parsed it from the address: any JSON value under any name. */
type Raw = Readonly<Record<string, unknown>>;

/**
 * A route's reader: `read` takes whatever the address holds and gives the page its values;
 * `Links` is what the app's own links may write.
 */
function searchOf<Links extends object, Page>(read: (raw: Raw) => Page) {
  return (raw: Links & SearchSchemaInput): Page => read(raw);
}

/** A positive whole number, written as one or as its digits, or undefined. */
export function positiveWhole(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0
    ? number
    : undefined;
}

/**
 * A value the page may lack: written as undefined rather than left out, because the router lays
 * the reader's result over the query as the address had it, so a name left out would keep its
 * malformed value. An undefined value is not written into a link.
 */
type Maybe<T> = T | undefined;

/** `?symbol=BTCUSDT`: a market's page (the page opens the default market without one). */
export const symbolQuery = searchOf<{ symbol?: string }, { symbol: Maybe<string> }>((raw) => ({
  symbol: readSymbol(raw.symbol) ?? undefined,
}));

/** `?symbol=BTCUSDT&side=sell`: a trade page whose form opens on the side the link chose. */
export const tradeSideQuery = searchOf<
  { symbol?: string; side?: 'buy' | 'sell' },
  { symbol: Maybe<string>; side: Maybe<'buy' | 'sell'> }
>((raw) => ({
  symbol: readSymbol(raw.symbol) ?? undefined,
  side: raw.side === 'buy' || raw.side === 'sell' ? raw.side : undefined,
}));

/** `?symbol=BTCUSDT&period=15m`: the price chart (the page's defaults fill in what is missing). */
export const klineQuery = searchOf<
  { symbol?: string; period?: KlinePeriod },
  { symbol: Maybe<string>; period: Maybe<KlinePeriod> }
>((raw) => ({
  symbol: readSymbol(raw.symbol) ?? undefined,
  period: isKlinePeriod(raw.period) ? raw.period : undefined,
}));

/** `?id=12`: the row a page shows (an article, a project, a product, an order). */
export const idQuery = searchOf<{ id?: number }, { id: Maybe<number> }>((raw) => ({
  id: positiveWhole(raw.id),
}));

/** `?category_id=92`: the articles of a category; without one, "about us". */
export const categoryQuery = searchOf<{ category_id?: number }, { category_id: Maybe<number> }>(
  (raw) => ({ category_id: positiveWhole(raw.category_id) }),
);

/**
 * The article categories the menu opens (docs/content.md; the server's list is
 * server/content/article-store.ts). Numbers, so the address reads `?category_id=92` (a string
 * would be written quoted).
 */
export const articleCategory = { guides: 2, notices: 92 } as const;

/** Each category's page title; no category is 1, "about us", named as the menu names it. */
const categoryTitles: Readonly<Record<number, string>> = {
  1: 'menu.about',
  [articleCategory.guides]: 'titles.guides',
  [articleCategory.notices]: 'titles.notices',
};

/** The articles page's title follows its category; an unknown one is plain "Articles". */
export function articlesTitleKey(search: Raw): string {
  return categoryTitles[positiveWhole(search.category_id) ?? 1] ?? 'titles.articles';
}

/** `?position=12` while open, `?closed=12` once closed: a position's share card. */
export const shareQuery = searchOf<
  { position?: number; closed?: number },
  { position: Maybe<number>; closed: Maybe<number> }
>((raw) => ({ position: positiveWhole(raw.position), closed: positiveWhole(raw.closed) }));

/** `?asset=BTC&chain=ERC20`: the asset and chain a wallet page opens with. */
export const walletQuery = searchOf<
  { asset?: string; chain?: ChainName },
  { asset: Maybe<string>; chain: Maybe<ChainName> }
>((raw) => ({
  asset: readAsset(raw.asset) ?? undefined,
  chain: readChain(raw.chain) ?? undefined,
}));

/** The page a form returns to once done (`?redirect=/pages/assets/withdraw`), if it is this app's. */
const returnPath = (raw: Raw) => safeReturnPath(raw.redirect) ?? undefined;

/** `?tab=register&invite_code=…&redirect=…`: the login page's tab, invite and page to return to. */
export const loginQuery = searchOf<
  { tab?: AuthMode; invite_code?: Maybe<string>; redirect?: Maybe<string> },
  { tab: Maybe<AuthMode>; invite_code: Maybe<string>; redirect: Maybe<string> }
>((raw) => ({
  tab: raw.tab === 'login' || raw.tab === 'register' || raw.tab === 'forgot' ? raw.tab : undefined,
  invite_code: inviteCodeOf(raw) || undefined,
  redirect: returnPath(raw),
}));

/** `?type=trade&redirect=…`: which password the page changes (else the login password). */
export const passwordQuery = searchOf<
  { type?: SecretKind; redirect?: string },
  { type: Maybe<SecretKind>; redirect: Maybe<string> }
>((raw) => ({
  type: raw.type === 'trade' || raw.type === 'login' ? raw.type : undefined,
  redirect: returnPath(raw),
}));
