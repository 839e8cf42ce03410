// The page's security policy on the built app (docs/security.md § "The page's security policy"):
// every route of the route table, and the states the accessibility check opens on them, load as a
// visitor and as a logged-in user with no policy violation in the page or in its worker; a script
// injected into the page (a <script> with text, an onclick attribute) and an eval are refused,
// reported and without effect; connections go to the app's own origin and socket only.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { routeTable } from '../../src/routes/route-table.ts';
import { type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { launchBrowser, phoneContext } from '../support/browser.ts';
import {
  type Catalogue,
  type ScannedPage,
  userPages,
  visitorPages,
} from './accessibility-pages.ts';
import { stockTheCatalogue } from './catalogue.ts';
import { type CspWatch, type Violation, watchCsp } from './csp-watch.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const api = new ApiClient(appUrl);
const built = path.resolve(import.meta.dirname, '../../dist');
/** The machine may be busy: a page gets this long to show its content. */
const shownWithin = 30_000;

let browser: Browser;
let user: RegisteredUser;
let catalogue: Catalogue;

/** The query a route needs to show its content rather than "not found". */
function withQuery(route: string): string {
  const query: Readonly<Record<string, string>> = {
    '/pages/spot/trade': '?symbol=BTCUSDT',
    '/pages/contract/trade': '?symbol=BTCUSDT',
    '/pages/option/trade': '?symbol=BTCUSDT',
    '/pages/kline/index': '?symbol=BTCUSDT',
    '/pages/subscription/buy': `?id=${catalogue.subscriptionId}`,
    '/pages/ai/product': `?id=${catalogue.aiProductId}`,
    '/pages/ai/withdraw': `?id=${catalogue.aiOrderId}`,
    '/pages/article/detail': `?id=${catalogue.articleId}`,
  };
  return `${route}${query[route] ?? ''}`;
}

/** Every route of the route table, then the states the accessibility check opens. */
function everyPage(states: readonly ScannedPage[]): ScannedPage[] {
  return [
    ...routeTable.map((route) => ({ name: route.path, path: withQuery(route.path) })),
    ...states.filter((state) => state.prepare),
  ];
}

interface Watched {
  context: BrowserContext;
  page: Page;
  csp: CspWatch;
}

/** A phone context, signed in when given a token, watched for violations from its first page. */
async function watchedContext(token: string | null): Promise<Watched> {
  const context = await phoneContext(browser);
  context.setDefaultTimeout(shownWithin);
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const csp = await watchCsp(browser, context);
  return { context, page: await context.newPage(), csp };
}

/** Opens a page afresh (a new worker with it) and waits until the app shows its content. */
async function show(page: Page, scanned: ScannedPage): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${appUrl}/#${scanned.path}`);
  await page.waitForFunction(
    () => {
      const main = document.querySelector('.app:not([data-shell]) main');
      return (
        main !== null &&
        (main.textContent ?? '').trim() !== '' &&
        document.querySelector('.spinner') === null
      );
    },
    undefined,
    { timeout: shownWithin },
  );
  await scanned.prepare?.(page);
}

const described = ({ directive, blocked, where }: Violation) => `${where} ${directive} ${blocked}`;

/** What the policy refused on the page now open, in the page and in its workers, sorted. */
async function refusedHere(on: Watched): Promise<{ refused: string[]; workers: number }> {
  const inWorkers = await on.csp.workerViolations(on.page);
  const refused = [
    ...on.csp.take().map(described),
    ...on.csp.takeConsole(),
    ...inWorkers.violations.map(described),
  ];
  return { refused: [...new Set(refused)].sort(), workers: inWorkers.workers };
}

/** Opens each page in turn; answers what the policy refused on each, and the pages without a worker. */
async function walk(
  on: Watched,
  pages: readonly ScannedPage[],
): Promise<{ refused: string[]; workerless: string[] }> {
  const refused: string[] = [];
  const workerless: string[] = [];
  for (const scanned of pages) {
    await show(on.page, scanned);
    const here = await refusedHere(on);
    refused.push(...here.refused.map((text) => `${scanned.name} (#${scanned.path}): ${text}`));
    if (here.workers === 0) workerless.push(scanned.name);
  }
  return { refused, workerless };
}

/** The page's worker, once the app has started it. */
async function coreWorker(page: Page): Promise<Worker> {
  await expect.poll(() => page.workers().length).toBeGreaterThan(0);
  const [worker] = page.workers();
  if (!worker) throw new Error('no worker');
  return worker;
}

/**
 * Waits until what the policy refused since the page opened, in the page and its workers, is
 * `expected`, and until the page's console has spoken of the policy at least once for each of the
 * page's refusals (Chromium says "Refused to …", sometimes in two lines for one refusal).
 */
async function expectRefused(on: Watched, expected: readonly string[]): Promise<void> {
  const inPage: string[] = [];
  const said: string[] = [];
  await expect
    .poll(async () => {
      const inWorkers = await on.csp.workerViolations(on.page);
      inPage.push(...on.csp.take().map(described));
      said.push(...on.csp.takeConsole());
      return {
        refused: [...inPage, ...inWorkers.violations.map(described)].sort(),
        pageRefusalsSaid: said.length >= inPage.length,
      };
    })
    .toEqual({ refused: [...expected].sort(), pageRefusalsSaid: true });
}

beforeAll(async () => {
  user = await registerUser(api, dataDir);
  catalogue = await stockTheCatalogue(api, user);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('the built app under its security policy', () => {
  it('calls neither eval nor the Function constructor in any file the browser runs', async () => {
    const files = [
      ...(await readdir(path.join(built, 'assets'))).map((name) => path.join('assets', name)),
      ...(await readdir(built)),
    ].filter((name) => name.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    const evaluating = /\beval\s*\(|\bnew\s+Function\s*\(|\bFunction\s*\(\s*["'`]/;
    const using: string[] = [];
    for (const file of files) {
      if (evaluating.test(await readFile(path.join(built, file), 'utf8'))) using.push(file);
    }
    expect(using).toEqual([]);
  });

  it.each([
    ['a visitor', false],
    ['a logged-in user', true],
  ] as const)(
    'loads every page as %s with no violation, in the page or its workers',
    async (_who, loggedIn) => {
      const watched = await watchedContext(loggedIn ? user.token : null);
      try {
        const pages = everyPage(loggedIn ? userPages(catalogue) : visitorPages(catalogue));
        const { refused, workerless } = await walk(watched, pages);
        expect(refused).toEqual([]);
        // The worker's side was read on every page.
        expect(workerless).toEqual([]);
      } finally {
        await watched.context.close();
      }
    },
    900_000,
  );
});

describe('what the policy refuses', () => {
  let watched: Watched;

  beforeAll(async () => {
    watched = await watchedContext(null);
  });

  beforeEach(async () => {
    // A fresh page and worker for each case, with nothing refused yet. The console may still be
    // saying the last case's refusals: those lines are dropped.
    await show(watched.page, { name: 'home', path: '/' });
    watched.csp.takeConsole();
    expect(watched.csp.take()).toEqual([]);
    expect((await watched.csp.workerViolations(watched.page)).violations).toEqual([]);
  });

  afterAll(async () => {
    await watched?.context.close();
  });

  it('blocks an injected inline script and an inline event handler, and reports both', async () => {
    const { page } = watched;
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "script";';
      document.body.append(script);
      const button = document.createElement('button');
      button.setAttribute('onclick', 'document.body.dataset.injected = "handler";');
      document.body.append(button);
      button.click();
      button.remove();
    });
    // Nothing the injected code would have set was set.
    expect(await page.evaluate(() => document.body.dataset.injected ?? null)).toBeNull();
    await expectRefused(watched, ['page script-src-attr inline', 'page script-src-elem inline']);
  });

  it('refuses to run a string as code, in the page and in the worker, and reports it', async () => {
    const { page } = watched;
    // A timer given a string compiles it in the page's own realm, as an attacker's would (what
    // the test itself evaluates comes through DevTools, which the policy does not check).
    const evaluated = async () => {
      const scope = globalThis as { evaluated?: string };
      setTimeout('globalThis.evaluated = "yes"', 0);
      // Timers of the same delay fire in order: once this one has, the string's turn has passed.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return scope.evaluated ?? null;
    };
    expect(await page.evaluate(evaluated)).toBeNull();
    expect(await (await coreWorker(page)).evaluate(evaluated)).toBeNull();
    await expectRefused(watched, ['page script-src eval', 'worker script-src eval']);
  });

  it("opens the socket on the app's own host and port ('self' covers ws:), from the page and the worker", async () => {
    const { page } = watched;
    const openSocket = () =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
        socket.onopen = () => {
          socket.close();
          resolve('open');
        };
        socket.onerror = () => resolve('refused');
      });
    expect(await page.evaluate(openSocket)).toBe('open');
    expect(await (await coreWorker(page)).evaluate(openSocket)).toBe('open');
    expect((await refusedHere(watched)).refused).toEqual([]);
  });

  it('refuses a call or a socket to any other origin, from the page and the worker', async () => {
    const { page } = watched;
    // The same server under another name is another origin.
    const elsewhere = appUrl.replace('127.0.0.1', 'localhost');
    expect(elsewhere).not.toBe(appUrl);
    const reachOut = async (other: string) => {
      const call = await fetch(`${other}/api/spot/markets`).then(
        () => 'answered',
        () => 'refused',
      );
      const socket = await new Promise<string>((resolve) => {
        try {
          const opened = new WebSocket(`${other.replace(/^http/, 'ws')}/ws`);
          opened.onopen = () => {
            opened.close();
            resolve('open');
          };
          opened.onerror = () => resolve('refused');
        } catch {
          resolve('refused');
        }
      });
      return { call, socket };
    };
    const refusedBoth = { call: 'refused', socket: 'refused' };
    expect(await page.evaluate(reachOut, elsewhere)).toEqual(refusedBoth);
    expect(await (await coreWorker(page)).evaluate(reachOut, elsewhere)).toEqual(refusedBoth);
    const host = new URL(elsewhere).host;
    await expectRefused(watched, [
      `page connect-src http://${host}/api/spot/markets`,
      `page connect-src ws://${host}/ws`,
      `worker connect-src http://${host}/api/spot/markets`,
      `worker connect-src ws://${host}/ws`,
    ]);
  });
});
