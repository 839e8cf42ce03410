// Main-thread time per frame in Chromium under a flood of ticker frames: the app's way (the worker
// parses, logs, folds and formats; the UI gets one update per frame) against the same flood handled
// message by message on the UI thread, side by side in one run, at 2,000 and 20,000 frames/s.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../tests/support/browser.ts';
import { buildBenchPage, serveBenchPage } from './browser-site.ts';

const seconds = 5;

interface Case {
  mode: 'idle' | 'main' | 'worker';
  rate: number;
  label: string;
}

const cases: Case[] = [
  { mode: 'idle', rate: 0, label: 'no flood: the page alone' },
  { mode: 'main', rate: 2000, label: '2,000/s on the UI thread, per message (baseline)' },
  { mode: 'worker', rate: 2000, label: '2,000/s through the worker (the app)' },
  { mode: 'main', rate: 20_000, label: '20,000/s on the UI thread, per message (baseline)' },
  { mode: 'worker', rate: 20_000, label: '20,000/s through the worker (the app)' },
];

export async function run(): Promise<void> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'meridian-ingest-page-'));
  await buildBenchPage(outDir);
  const site = await serveBenchPage(outDir);
  const browser = await launchBrowser();
  const rows: string[] = [];
  try {
    for (const { mode, rate, label } of cases) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      await page.goto(`${site.url}?mode=${mode}&rate=${rate}`);
      await page.waitForSelector('td');
      await page.waitForTimeout(1000);
      const taskSeconds = async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
      };
      // A string, not a function: tsx would wrap a function with helpers the page lacks.
      await page.evaluate(
        'window.frames_ = 0; (function count() { window.frames_++; requestAnimationFrame(count); })();',
      );
      const before = await taskSeconds();
      await page.waitForTimeout(seconds * 1000);
      const busy = (await taskSeconds()) - before;
      const frames = Number(await page.evaluate('window.frames_'));
      const msPerFrame = (busy * 1000) / Math.max(frames, 1);
      rows.push(
        `| ${label} | ${((busy / seconds) * 100).toFixed(1)} % | ${(frames / seconds).toFixed(0)} | ${msPerFrame.toFixed(2)} |`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
    site.close();
    await rm(outDir, { recursive: true, force: true });
  }
  process.stdout.write(
    [
      `Ticker frames over 8 markets for ${seconds} s each, headless Chromium at 390×844`,
      '',
      '| flood | main thread busy | frames/s drawn | main-thread ms per frame |',
      '|---|---:|---:|---:|',
      ...rows,
      '',
    ].join('\n'),
  );
}
