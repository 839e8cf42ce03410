// Main-thread time per frame in Chromium under a flood of ticker frames: the app's way (the worker
// parses, logs, folds and formats; the UI gets one update per frame) against the same flood handled
// message by message on the UI thread, side by side in one run, at 2,000 and 20,000 frames/s, on a
// CPU slowed as a mid-range phone's, with the long tasks counted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../tests/support/browser.ts';
import { buildBenchPage, serveBenchPage } from './browser-site.ts';
import {
  cpuSlowdown,
  type MainThreadUse,
  measureMainThread,
  phoneCpu,
} from './main-thread-meter.ts';

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
  const measured: { label: string; use: MainThreadUse }[] = [];
  try {
    for (const { mode, rate, label } of cases) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const cdp = await phoneCpu(page);
      await page.goto(`${site.url}?mode=${mode}&rate=${rate}`);
      await page.waitForSelector('td');
      await page.waitForTimeout(1000);
      measured.push({ label, use: await measureMainThread(page, cdp, seconds) });
      await page.close();
    }
  } finally {
    await browser.close();
    site.close();
    await rm(outDir, { recursive: true, force: true });
  }
  // The page alone is the floor: what the flood adds is each row's time per frame above it.
  const idleMs = measured[0]?.use.msPerFrame ?? 0;
  const rows = measured.map(
    ({ label, use }) =>
      `| ${label} | ${use.busyPercent.toFixed(1)} % | ${use.framesPerSecond.toFixed(0)} | ${use.msPerFrame.toFixed(2)} | ${(use.msPerFrame - idleMs).toFixed(2)} | ${use.longTasks} | ${use.longTasks > 0 ? use.longestMs.toFixed(0) : '–'} |`,
  );
  process.stdout.write(
    [
      `Ticker frames over 8 markets for ${seconds} s each, headless Chromium at 390×844, CPU slowed ${cpuSlowdown}×`,
      '',
      '| flood | main thread busy | frames/s drawn | main-thread ms per frame | above the page alone | long tasks | longest ms |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
    ].join('\n'),
  );
}
