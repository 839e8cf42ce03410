// What each route's query may hold, read by the router (`validateSearch`) before its page renders.
// A link may be typed or shared, so a missing or malformed value falls back to the page's default
// (or to none) instead of an error page. Each reader's parameter is what the app's own links
// write (checked where they navigate); its result is what the page reads with `useSearch`. The
// readers are the zod-free field parsers of schemas/, which the first screen can afford before any
// schema loads; they live here, not in the product folders, because the route table loads with the
// app and a product's folder loads with its pages (build/page-groups.ts).
import type { SearchSchemaInput } from '@tanstack/react-router';
import type { AuthMode } from '../../core/auth-form.ts';
import type { SecretKind } from '../../core/secret-form.ts';
import type { KlinePeriod } from '../../schemas/market-names.ts';
import { type ChainName, readAsset, readChain } from '../../schemas/wallet-names.ts';
import { authModeOf, inviteCodeOf } from '../account/auth-search.ts';
import { parseKlineQuery, parseSymbol } from '../market/market-query.ts';
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

/** `?symbol=BTCUSDT`: a market's page; the default market when the link names none. */
export const symbolQuery = searchOf<{ symbol?: string }, { symbol: string }>((raw) => ({
  symbol: parseSymbol(raw),
}));

/** `?symbol=BTCUSDT&period=15m`: the price chart, at the default period unless one was chosen. */
export const klineQuery = searchOf<
  { symbol?: string; period?: KlinePeriod },
  { symbol: string; period: KlinePeriod }
>(parseKlineQuery);

/**
 * A value the page may lack: written as undefined rather than left out, because the router lays
 * the reader's result over the query as the address had it, so a name left out would keep its
 * malformed value. An undefined value is not written into a link.
 */
type Maybe<T> = T | undefined;

/** `?id=12`: the row a page shows (an article, a project, a product, an order). */
export const idQuery = searchOf<{ id?: number }, { id: Maybe<number> }>((raw) => ({
  id: positiveWhole(raw.id),
}));

/** `?category_id=92`: the articles of a category; without one, "about us". */
export const categoryQuery = searchOf<{ category_id?: number }, { category_id: Maybe<number> }>(
  (raw) => ({ category_id: positiveWhole(raw.category_id) }),
);

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
  { tab: AuthMode; invite_code: Maybe<string>; redirect: Maybe<string> }
>((raw) => ({
  tab: authModeOf(raw),
  invite_code: inviteCodeOf(raw) || undefined,
  redirect: returnPath(raw),
}));

/** `?type=trade&redirect=…`: which password the page changes (else the login password). */
export const passwordQuery = searchOf<
  { type?: SecretKind; redirect?: string },
  { type: SecretKind; redirect: Maybe<string> }
>((raw) => ({ type: raw.type === 'trade' ? 'trade' : 'login', redirect: returnPath(raw) }));
