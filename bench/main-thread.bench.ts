// Main-thread time per frame in Chromium under a flood of ticker frames: the app's way (the worker
// parses, logs, folds and formats; the UI gets one update per frame) against the same flood handled
// message by message on the UI thread, side by side in one run, at 2,000 and 20,000 frames/s.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { launchBrowser } from '../tests/support/browser.ts';

const seconds = 5;

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

async function buildPage(outDir: string): Promise<void> {
  await build({
    root: path.resolve(import.meta.dirname, 'browser'),
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true },
  });
}

function serve(dir: string) {
  const server = createServer((request, response) => {
    const file = path.join(
      dir,
      decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname),
    );
    const target =
      existsSync(file) && statSync(file).isFile() ? file : path.join(dir, 'index.html');
    response.setHeader('content-type', types[path.extname(target)] ?? 'application/octet-stream');
    createReadStream(target).pipe(response);
  });
  return new Promise<{ url: string; close(): void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    }),
  );
}

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
  await buildPage(outDir);
  const site = await serve(outDir);
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
