// Lighthouse's mobile preset (a mid-range phone: 4× CPU slowdown, slow 4G, simulated) against the
// built app on the embedded server, as a phone would load it (`npm run bench -- lighthouse`):
// home, spot trade and futures trade (signed in, as that page asks), each loaded
// `LIGHTHOUSE_RUNS` times (5) in a fresh profile: the median run's scores and metrics, the spread
// of the score and of the total blocking time over every run, and where the median run's main
// thread went (Lighthouse's own profile at the 4× slowdown: its long tasks and each script's
// time). Needs `npm run build` first, or `WEB_ROOT` naming another build.
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

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
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
  /** The main thread's work by kind (script evaluation, style and layout, parsing…), ms. */
  work: { group: string; ms: number }[];
  /** Each script's evaluation and compile time, ms, the costliest first. */
  scripts: { url: string; ms: number }[];
  /** The tasks over 50 ms, the longest first, with the script they are charged to. */
  longTasks: { url: string; ms: number }[];
}

/** An audit's details, read as the table the three audits used here give. */
type AuditItems = { details?: unknown } | undefined;

/** An audit's table rows as (label, ms), the largest first, at most `top` of them. */
function rowsOf(audit: AuditItems, label: string, ms: string, top = 5) {
  const items = (audit?.details as { items?: Record<string, unknown>[] } | undefined)?.items;
  return (items ?? [])
    .map((item) => ({ label: String(item[label] ?? ''), ms: Number(item[ms] ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);
}

/** A script's address without its origin: `/assets/index-….js`. */
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || url;

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
      work: rowsOf(audits['mainthread-work-breakdown'], 'groupLabel', 'duration').map((row) => ({
        group: row.label,
        ms: row.ms,
      })),
      scripts: rowsOf(audits['bootup-time'], 'url', 'total').map((row) => ({
        url: shortUrl(row.label),
        ms: row.ms,
      })),
      longTasks: rowsOf(audits['long-tasks'], 'url', 'duration').map((row) => ({
        url: shortUrl(row.label),
        ms: row.ms,
      })),
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
  const profiles: string[] = [];
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
      const blocking = results.map((result) => Math.round(result.tbt)).sort((a, b) => a - b);
      rows.push([
        page.name,
        String(median.performance),
        `${byScore[0]?.performance}–${byScore.at(-1)?.performance}`,
        `${blocking[0]}–${blocking.at(-1)}`,
        String(median.accessibility),
        s(median.fcp),
        s(median.lcp),
        Math.round(median.tbt).toString(),
        median.cls.toFixed(3),
        s(median.speedIndex),
        (median.bytes / 1024).toFixed(0),
      ]);
      profiles.push(profileOf(page.name, median));
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
        right('TBT range ms'),
        right('accessibility'),
        right('FCP s'),
        right('LCP s'),
        right('TBT ms'),
        right('CLS'),
        right('Speed Index s'),
        right('KiB transferred'),
      ],
      rows,
    )}\n${profiles.join('')}${failures.map((failure) => `\nNot finished: ${failure}`).join('')}\n`,
  );
}

/** Where a run's main thread went: its work by kind, its costliest scripts, its long tasks. */
function profileOf(name: string, result: Result): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  const list = (rows: { label: string; ms: number }[]) =>
    rows.map((row) => `${row.label} ${ms(row.ms)}`).join('; ') || 'none';
  return [
    `\n${name}, the median run's main thread:`,
    `- work: ${list(result.work.map((row) => ({ label: row.group, ms: row.ms })))}`,
    `- scripts: ${list(result.scripts.map((row) => ({ label: row.url, ms: row.ms })))}`,
    `- long tasks: ${list(result.longTasks.map((row) => ({ label: row.url, ms: row.ms })))}`,
    '',
  ].join('\n');
}
