// Each route's query as the router reads it before the page renders: a value the app's links write
// comes through, and a typed, shared or stale link's bad value reads as none, so the page falls
// back to its default instead of an error page.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RouteEntry, routes } from '../../src/routes/route-table.ts';

type Name = keyof typeof routes;

/**
 * What a page reads: its route's reader called as the router calls it, with whatever the address
 * held, and its result laid over that query (the router keeps the names a reader does not write).
 */
function read(name: Name, raw: Record<string, unknown>): Record<string, unknown> {
  const entry: RouteEntry = routes[name];
  if (!entry.search) throw new Error(`${name} reads no query`);
  return { ...raw, ...Reflect.apply(entry.search, undefined, [raw]) };
}

/** The query of a link written from what a page read: a name whose value is undefined is left out. */
const relink = (read: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(read).filter(([, value]) => value !== undefined));

/** Per route with a query: a good query and what the page reads, a bad one and its fallback. */
const cases: Record<string, { good: [object, object]; bad: [object, object] }> = {
  login: {
    good: [
      { tab: 'register', invite_code: 12345, redirect: '/pages/assets/withdraw?asset=BTC' },
      { tab: 'register', invite_code: '12345', redirect: '/pages/assets/withdraw?asset=BTC' },
    ],
    bad: [{ tab: 'admin', invite_code: '  ', redirect: '//evil.example' }, {}],
  },
  deposit: {
    good: [
      { asset: 'usdt', chain: 'erc20' },
      { asset: 'USDT', chain: 'ERC20' },
    ],
    bad: [{ asset: '$$$', chain: 'SOL' }, {}],
  },
  withdraw: {
    good: [
      { asset: 'BTC', chain: 'BTC' },
      { asset: 'BTC', chain: 'BTC' },
    ],
    bad: [{ asset: 7 }, {}],
  },
  transfer: { good: [{ asset: 'ETH' }, { asset: 'ETH' }], bad: [{ asset: ['ETH'] }, {}] },
  addressAdd: { good: [{ chain: 'TRC20' }, { chain: 'TRC20' }], bad: [{ chain: 'trc-20' }, {}] },
  spotTrade: {
    good: [{ symbol: 'ethusdt' }, { symbol: 'ETHUSDT' }],
    bad: [{ symbol: 5 }, {}],
  },
  contractTrade: {
    good: [{ symbol: 'SOLUSDT' }, { symbol: 'SOLUSDT' }],
    bad: [{ symbol: 'SOL/USDT' }, {}],
  },
  contractShare: {
    good: [{ closed: 12 }, { closed: 12 }],
    bad: [{ position: -1, closed: 'twelve' }, {}],
  },
  optionTrade: {
    good: [{ symbol: 'ETHUSDT' }, { symbol: 'ETHUSDT' }],
    bad: [{ symbol: '' }, {}],
  },
  kline: {
    good: [
      { symbol: 'ETHUSDT', period: '4h' },
      { symbol: 'ETHUSDT', period: '4h' },
    ],
    bad: [{ symbol: null, period: '7m' }, {}],
  },
  subscriptionBuy: { good: [{ id: 3 }, { id: 3 }], bad: [{ id: 0 }, {}] },
  aiProduct: { good: [{ id: '2' }, { id: 2 }], bad: [{ id: '1.5' }, {}] },
  aiWithdraw: { good: [{ id: 15 }, { id: 15 }], bad: [{ id: Number.MAX_SAFE_INTEGER + 2 }, {}] },
  password: {
    good: [
      { type: 'trade', redirect: '/pages/assets/withdraw' },
      { type: 'trade', redirect: '/pages/assets/withdraw' },
    ],
    bad: [{ type: 'root', redirect: 'https://evil.example/' }, {}],
  },
  articles: {
    good: [{ category_id: 92 }, { category_id: 92 }],
    bad: [{ category_id: 'news' }, {}],
  },
  article: { good: [{ id: 7 }, { id: 7 }], bad: [{ id: true }, {}] },
};

const withQuery = (Object.keys(routes) as Name[]).filter((name) => {
  const entry: RouteEntry = routes[name];
  return entry.search !== undefined;
});

describe('the routes’ queries', () => {
  it('has a case for every route that reads a query', () => {
    expect(Object.keys(cases).sort()).toEqual([...withQuery].sort());
  });

  it.each(Object.entries(cases))('%s reads a good query as the page needs it', (name, { good }) => {
    expect(read(name as Name, { ...good[0] })).toEqual(good[1]);
  });

  it.each(Object.entries(cases))('%s falls back on a bad query', (name, { bad }) => {
    expect(read(name as Name, { ...bad[0] })).toEqual(bad[1]);
  });

  it('reads any query, and reads a link written from what it read back the same', () => {
    const query = fc.dictionary(
      fc.constantFrom(
        'symbol',
        'period',
        'id',
        'asset',
        'chain',
        'tab',
        'type',
        'redirect',
        'closed',
      ),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(fc.constantFrom(...withQuery), query, (name, raw) => {
        const page = read(name, raw);
        const owned = Object.keys(cases[name]?.good[1] ?? {});
        const again = read(name, relink(page));
        for (const key of owned) expect(again[key]).toEqual(page[key]);
      }),
    );
  });
});

describe('the articles page title', () => {
  const titleOf = (raw: Record<string, unknown>) => routes.articles.titleFor(raw);

  it('names notices, guides and "about us" as the menu opens them', () => {
    expect(titleOf({ category_id: 92 })).toBe('titles.notices');
    expect(titleOf({ category_id: '2' })).toBe('titles.guides');
    expect(titleOf({})).toBe('menu.about');
    expect(titleOf({ category_id: 1 })).toBe('menu.about');
    expect(titleOf({ category_id: 7 })).toBe('titles.articles');
  });
});
