// Lighthouse's mobile preset (a mid-range phone: 4× CPU slowdown, slow 4G, simulated) against the
// built app on the embedded server, as a phone would load it (`npm run bench -- lighthouse`):
// home, spot trade and futures trade (signed in, as that page asks), each loaded
// `LIGHTHOUSE_RUNS` times (3) in a fresh profile, the median run's scores and metrics printed.
// Needs `npm run build` first, or `WEB_ROOT` naming another build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { registerUser } from '../tests/support/accounts.ts';
import { ApiClient } from '../tests/support/api-client.ts';
import { chromiumArgs } from '../tests/support/browser.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { markdownTable } from './table.ts';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The futures page asks for a login: it is audited as a signed-in trader opens it. */
const pages = [
  { name: 'home', at: '/', signedIn: false },
  { name: 'spot trade', at: '/#/pages/spot/trade?symbol=BTCUSDT', signedIn: false },
  {
    name: 'futures trade (signed in)',
    at: '/#/pages/contract/trade?symbol=BTCUSDT',
    signedIn: true,
  },
];
const chromiumFlags = ['--headless=new', ...chromiumArgs];

interface Result {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  bytes: number;
}

/**
 * Stores a session token in the fresh profile, from a file of the app's origin that loads none of
 * the app (so no script, cache or service worker is there before Lighthouse's load).
 */
async function signIn(port: number, origin: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await (browser.contexts()[0] ?? (await browser.newContext())).newPage();
    await page.goto(`${origin}/logo.svg`);
    await page.evaluate((stored) => localStorage.setItem('token', stored), token);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function audit(url: string, token: string | null): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: chromiumFlags,
  });
  try {
    if (token) await signIn(chrome.port, new URL(url).origin, token);
    const answer = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      // Lighthouse clears the origin's storage first, the token with it, unless told not to.
      disableStorageReset: token !== null,
    });
    if (!answer) throw new Error('Lighthouse gave no result');
    const { categories, audits, runtimeError } = answer.lhr;
    if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
      bytes: value('total-byte-weight'),
    };
  } finally {
    chrome.kill();
  }
}

export async function run(): Promise<void> {
  // `WEB_ROOT=…` audits another build (an earlier commit's, say) on this server, side by side.
  const webRoot = path.resolve(process.env.WEB_ROOT ?? path.join(import.meta.dirname, '../dist'));
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    process.stdout.write('The web app is not built: run `npm run build` first.\n');
    return;
  }
  const server = await startServerProcess({ LIQUIDITY_PROVIDER: 'true', WEB_ROOT: webRoot });
  let token: string | null = null;
  const rows: string[][] = [];
  const failures: string[] = [];
  try {
    for (const page of pages) {
      const results: Result[] = [];
      if (page.signedIn && token === null) {
        token = (await registerUser(new ApiClient(server.url), server.dataDir)).token;
      }
      for (let i = 0; i < runs; i++) {
        // A run Lighthouse could not finish (no paint in its time limit on a loaded machine) is
        // reported, not counted as a score of 0.
        const result = await audit(`${server.url}${page.at}`, page.signedIn ? token : null).catch(
          (error: unknown) => {
            failures.push(`${page.name}, run ${i + 1}: ${String((error as Error).message)}`);
            return null;
          },
        );
        if (result) results.push(result);
      }
      const byScore = [...results].sort((a, b) => a.performance - b.performance);
      const median = byScore[Math.floor(byScore.length / 2)];
      if (!median) continue;
      const s = (ms: number) => (ms / 1000).toFixed(1);
      rows.push([
        page.name,
        String(median.performance),
        `${byScore[0]?.performance}–${byScore.at(-1)?.performance}`,
        String(median.accessibility),
        s(median.fcp),
        s(median.lcp),
        Math.round(median.tbt).toString(),
        median.cls.toFixed(3),
        s(median.speedIndex),
        (median.bytes / 1024).toFixed(0),
      ]);
    }
  } finally {
    await server.stop();
  }
  const right = (title: string) => ({ title, align: 'right' as const });
  process.stdout.write(
    `Lighthouse mobile preset, ${runs} runs a page, the median of those finished by performance score.\n\n${markdownTable(
      [
        { title: 'page' },
        right('performance'),
        right('range'),
        right('accessibility'),
        right('FCP s'),
        right('LCP s'),
        right('TBT ms'),
        right('CLS'),
        right('Speed Index s'),
        right('KiB transferred'),
      ],
      rows,
    )}\n${failures.map((failure) => `\nNot finished: ${failure}`).join('')}\n`,
  );
}
