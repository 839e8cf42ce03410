// No screen floods its own server: signed in as a user with money and history, every page of the
// route table, then every tab or chip choosing which of the user's lists it shows, is watched for
// a fixed window while the API calls it makes are counted. A page that asks again for what it was
// just answered (a list re-requested by its own render) makes hundreds of calls in that window; a
// page that behaves makes its first loads and little else. Pages are watched a few at a time, each
// in a browser context of its own (its own storage, worker and count), so the windows overlap.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, type ExpectStatic, expect, inject, it, vi } from 'vitest';
import { routeTable } from '../../src/routes/route-table.ts';
import { type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { launchBrowser, phoneContext } from '../support/browser.ts';
import type { Catalogue } from './accessibility-pages.ts';
import { stockTheCatalogue } from './catalogue.ts';
import { ops } from './ops-cli.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const api = new ApiClient(appUrl);

/**
 * The observation window. It is not a deadline: nothing waits for anything to happen within it,
 * the count at its end is what is asserted.
 */
const windowMs = 10_000;
/**
 * The most API calls a page (or a tab) may make in one window, its first loads included. The
 * busiest screen, the option trade page, makes 8 on a cold start (the session, its markets, its
 * chart, the wallet, the user's contracts and limits); a re-request loop makes hundreds. A view
 * reloaded on a reconnect, or a list reloaded after one of the user's own orders changed, fits in
 * what is left.
 */
const callBudget = 15;
/** How often one call (same path and query) may be made in a window: once, and one reload. */
const sameCallBudget = 2;

let browser: Browser;
let user: RegisteredUser;
let catalogue: Catalogue;
let sharedPosition: number;
/** Each window's calls, for the report at the end. */
const counts: { name: string; calls: number; busiest: string }[] = [];

/** The query a route needs to show its content rather than "not found". */
function visitPath(path: string): string {
  const query: Readonly<Record<string, string>> = {
    '/pages/spot/trade': '?symbol=BTCUSDT',
    '/pages/contract/trade': '?symbol=BTCUSDT',
    '/pages/option/trade': '?symbol=BTCUSDT',
    '/pages/kline/index': '?symbol=BTCUSDT',
    '/pages/contract/share': `?position=${sharedPosition}`,
    '/pages/subscription/buy': `?id=${catalogue.subscriptionId}`,
    '/pages/ai/product': `?id=${catalogue.aiProductId}`,
    '/pages/ai/withdraw': `?id=${catalogue.aiOrderId}`,
    '/pages/article/detail': `?id=${catalogue.articleId}`,
    '/pages/article/index': '?category_id=92',
  };
  return `${path}${query[path] ?? ''}`;
}

/** A trader over the API with USDT in its contract wallet; `send` carries a fresh key each time. */
async function contractTrader(trader: RegisteredUser) {
  const send = (path: string, body: Record<string, string>) =>
    api.post<{ id: number }>(path, body, {
      token: trader.token,
      headers: { 'idempotency-key': randomUUID() },
    });
  const moved = await send('/wallet/transfer', {
    from: 'funding',
    to: 'contract',
    asset: 'USDT',
    amount: '500',
  });
  expect(moved.body.code).toBe(200);
  return send;
}

/**
 * A spot trade, and a contract position opened against another trader's resting order: the order,
 * fill and position lists have rows (funding and liquidations stay empty: their empty state).
 */
async function makeHistory(): Promise<void> {
  const send = await contractTrader(user);
  const bought = await send('/spot/order', {
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'market',
    turnover: '50',
  });
  expect(bought.body.code).toBe(200);
  const other = await registerUser(api, dataDir);
  expect(await ops('deposit', other.account, 'USDT', '1000', '--chain', 'TRC20')).toContain(
    '"outcome": "credited"',
  );
  const sendOther = await contractTrader(other);
  const markets = await api.get<{ list: { symbol: string; mark_price: string | null }[] }>(
    '/contract/markets',
  );
  const mark = markets.body.data.list.find((market) => market.symbol === 'ETHUSDT')?.mark_price;
  if (!mark) throw new Error('ETHUSDT has no mark price');
  const order = {
    symbol: 'ETHUSDT',
    type: 'limit',
    price: mark.split('.')[0] ?? mark,
    quantity: '0.1',
    leverage: '10',
    margin_mode: 'isolated',
  };
  expect((await sendOther('/contract/open', { ...order, direction: 'short' })).body.code).toBe(200);
  expect((await send('/contract/open', { ...order, direction: 'long' })).body.code).toBe(200);
  const openPosition = async () => {
    const positions = await api.get<{ list: { id: number }[] }>(
      '/contract/positions',
      {},
      { token: user.token },
    );
    return positions.body.data.list[0]?.id;
  };
  // The fill settles through the market's writer: the position is there once that has run.
  sharedPosition = await vi.waitFor(
    async () => {
      const id = await openPosition();
      if (id === undefined) throw new Error('no position yet');
      return id;
    },
    { timeout: 30_000, interval: 200 },
  );
}

/** One page in a context of its own, and the API calls (path and query) it made since last asked. */
interface Watched {
  page: Page;
  /** The calls seen since the current window opened. */
  seen: string[];
  close(): Promise<void>;
}

async function watchedPage(): Promise<Watched> {
  const context = await phoneContext(browser);
  context.setDefaultTimeout(30_000);
  await context.addInitScript((token) => localStorage.setItem('token', token), user.token);
  const watched: Watched = {
    page: await context.newPage(),
    seen: [],
    close: () => context.close(),
  };
  // The context's requests include the worker's, where the API client runs.
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) watched.seen.push(`${url.pathname}${url.search}`);
  });
  return watched;
}

/** How long a page opening on a busy machine may take to make its first API call. */
const firstCallWithin = 60_000;

/**
 * Counts the API calls made while `act` runs and for the rest of one window from its start. With
 * `fromFirstCall`, the window starts at the first call instead: a page that takes seconds to boot
 * on a busy machine is still watched for a whole window once it runs.
 */
async function watch(
  on: Watched,
  name: string,
  act: () => Promise<unknown>,
  fromFirstCall = false,
): Promise<string[]> {
  on.seen = [];
  const acting = act();
  if (fromFirstCall) {
    await vi
      .waitFor(
        () => {
          if (on.seen.length === 0) throw new Error('no API call yet');
        },
        { timeout: firstCallWithin, interval: 100 },
      )
      // No call at all is the page's finding, asserted by the caller on the empty count.
      .catch(() => undefined);
  }
  await Promise.all([acting, sleep(windowMs)]);
  const calls = on.seen;
  on.seen = [];
  const tally = tallied(calls);
  const busiest = [...tally].sort((a, b) => b[1] - a[1])[0];
  counts.push({
    name,
    calls: calls.length,
    busiest: busiest ? `${busiest[0]} ×${busiest[1]}` : '',
  });
  return calls;
}

function tallied(calls: readonly string[]): Map<string, number> {
  const tally = new Map<string, number>();
  for (const call of calls) tally.set(call, (tally.get(call) ?? 0) + 1);
  return tally;
}

function expectWithinBudget(check: ExpectStatic, name: string, calls: readonly string[]): void {
  const said = `${name}: ${JSON.stringify(Object.fromEntries(tallied(calls)))}`;
  // Soft: the page's other lists are still opened and counted after one that floods.
  check.soft(calls.length, said).toBeLessThanOrEqual(callBudget);
  check.soft(Math.max(0, ...tallied(calls).values()), said).toBeLessThanOrEqual(sameCallBudget);
}

/**
 * The tabs that choose which of the user's lists a page shows, by their test ids' prefix: the
 * asset records' types, the spot, contract and option order lists, the contract history's lists,
 * the AI orders; and the chips inside a tab that do the same (the contract orders' statuses).
 */
const listTabs = [
  'record-filter',
  'spot-tab',
  'contract-tab',
  'contract-history-tab',
  'option-tab',
  'ai-tab',
];
const listChips = ['contract-orders-status'];

/** Opens each of the choices of `prefixes` not shown yet, one window each; `then` after each. */
async function watchChoices(
  check: ExpectStatic,
  on: Watched,
  route: string,
  prefixes: readonly string[],
  then: () => Promise<void> = async () => {},
): Promise<void> {
  const { page } = on;
  for (const prefix of prefixes) {
    const choices = page.locator(`main [data-testid^="${prefix}-"]`);
    const count = await choices.count();
    for (let i = 0; i < count; i++) {
      const choice = choices.nth(i);
      const chosen =
        (await choice.getAttribute('aria-selected')) === 'true' ||
        (await choice.locator('input:checked').count()) > 0;
      if (!chosen) {
        const name = `${route} ${await choice.getAttribute('data-testid')}`;
        expectWithinBudget(check, name, await watch(on, name, () => choice.click()));
        // The list shows what it received, rows or its empty state, not "Loading…".
        await check.poll(() => page.locator('main .spinner').count()).toBe(0);
      }
      await then();
    }
  }
}

/** Every list tab of the page, and every list chip inside each. */
async function watchListChoices(check: ExpectStatic, on: Watched, route: string): Promise<void> {
  await watchChoices(check, on, route, listChips);
  await watchChoices(check, on, route, listTabs, () => watchChoices(check, on, route, listChips));
}

beforeAll(async () => {
  user = await registerUser(api, dataDir);
  expect(await ops('deposit', user.account, 'USDT', '2000', '--chain', 'TRC20')).toContain(
    '"outcome": "credited"',
  );
  catalogue = await stockTheCatalogue(api, user);
  await makeHistory();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  console.info(
    `API calls per ${windowMs / 1000} s window:\n${counts
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ name, calls, busiest }) => `${String(calls).padStart(6)}  ${name}  (${busiest})`)
      .join('\n')}`,
  );
  await browser?.close();
});

describe('the API calls each screen makes, signed in with money and history', () => {
  // Several pages at once (the e2e project's `maxConcurrency`): the windows are waits, not work.
  it.concurrent.for(routeTable.map((route) => route.path))(
    'stays within the budget on %s and each of its lists',
    { timeout: 300_000 },
    async (path, { expect: check }) => {
      const route = visitPath(path);
      const on = await watchedPage();
      try {
        const calls = await watch(on, route, () => on.page.goto(`${appUrl}/#${route}`), true);
        // The page made calls (its first loads), and few in the window from its first.
        check(calls.length, `${route} made no API call: is the count wired?`).toBeGreaterThan(0);
        expectWithinBudget(check, route, calls);
        await watchListChoices(check, on, route);
      } finally {
        await on.close();
      }
    },
  );
});
