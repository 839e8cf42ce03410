// Renders per toast: the real app, signed in, on three pages in Chromium; N toasts raised the way
// the worker raises them, and every commit React makes is read through its profiling hook
// (tests/support/react-commits.ts). A toast is worth its commits that drew the toasts region (the
// toast shown, then gone); the table gives those commits per toast, the components they rendered
// per toast, and how many of those lie outside the toasts region, which a toast has no reason to
// touch. The build keeps its names (no minifying), so the components can be named.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { registerUser } from '../tests/support/accounts.ts';
import { ApiClient } from '../tests/support/api-client.ts';
import { launchBrowser, phoneContext } from '../tests/support/browser.ts';
import {
  type Commit,
  commitRecorderScript,
  startRecording,
  stopRecording,
  toastCommits,
} from '../tests/support/react-commits.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { buildBenchPage } from './browser-site.ts';
import { markdownTable } from './table.ts';

const toasts = Number(process.env.TOASTS ?? 20);
/** Between two toasts: several are on screen at once, as when a burst of refusals comes. */
const gapMs = 150;
/** After a page opens, before counting: its data has come and drawn. */
const settleMs = 3000;

const pages = [
  { name: 'home', at: '/' },
  { name: 'spot trade', at: '/pages/spot/trade?symbol=BTCUSDT' },
  { name: 'assets', at: '/pages/assets/index' },
];

interface PageFigures {
  name: string;
  commits: Commit[];
  all: number;
}

function perToast(count: number): string {
  return (count / toasts).toFixed(1);
}

export async function run(): Promise<void> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'meridian-toast-renders-'));
  await buildBenchPage(outDir, 'toast-renders.html', { minify: false });
  const server = await startServerProcess({ WEB_ROOT: outDir });
  const browser = await launchBrowser();
  const measured: PageFigures[] = [];
  try {
    const { token } = await registerUser(new ApiClient(server.url), server.dataDir);
    for (const { name, at } of pages) {
      const context = await phoneContext(browser);
      await context.addInitScript((saved) => localStorage.setItem('token', saved), token);
      await context.addInitScript({ content: commitRecorderScript });
      const page = await context.newPage();
      await page.goto(`${server.url}/toast-renders.html#${at}`);
      await page.locator('.app > .top-bar').waitFor();
      await page.waitForTimeout(settleMs);
      await startRecording(page);
      for (let i = 1; i <= toasts; i++) {
        await page.evaluate((text) => {
          (window as unknown as { raiseToast(text: string): void }).raiseToast(text);
        }, `Toast ${i}`);
        await page.waitForTimeout(gapMs);
      }
      await page.waitForFunction(() => document.querySelectorAll('.toast').length === 0);
      const all = await stopRecording(page);
      measured.push({ name, commits: toastCommits(all), all: all.length });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(outDir, { recursive: true, force: true });
  }

  const right = (title: string) => ({ title, align: 'right' as const });
  const rows = measured.map(({ name, commits, all }) => {
    const rendered = commits.flat();
    return [
      name,
      perToast(commits.length),
      perToast(rendered.length),
      perToast(rendered.filter((component) => !component.inToasts).length),
      String(all),
    ];
  });
  const details = measured.map(({ name, commits }) => {
    const tally = new Map<string, number>();
    for (const component of commits.flat()) {
      if (!component.inToasts) tally.set(component.name, (tally.get(component.name) ?? 0) + 1);
    }
    const named = [...tally]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([component, count]) => `${component} ${perToast(count)}`);
    return `- ${name}: ${named.length} components outside the toasts rendered by toasts${
      named.length > 0 ? `: ${named.join(', ')}` : ''
    }`;
  });
  process.stdout.write(
    [
      `${toasts} toasts ${gapMs} ms apart on each page, signed in, headless Chromium at 390×844; the toast commits are those that drew the toasts region.`,
      '',
      markdownTable(
        [
          { title: 'page' },
          right('toast commits per toast'),
          right('components rendered per toast'),
          right('of those outside the toasts'),
          right('all commits meanwhile'),
        ],
        rows,
      ),
      'Renders per toast outside the toasts region, by component:',
      ...details,
      '',
    ].join('\n'),
  );
}
