// The price chart in Chromium: the time to draw one frame of 1,000 visible candles out of 50,000
// against the chart's previous hand-written scales and lines and against the naive way of drawing
// the same frame, and the main thread's time per frame while
// live updates move the newest candle 2,000 times a second, against the same chart standing still.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, phonePage } from '../tests/support/browser.ts';
import { buildBenchPage, serveBenchPage } from './browser-site.ts';
import { cpuSlowdown, measureMainThread, phoneCpu } from './main-thread-meter.ts';

const seconds = 5;
const rounds = 5;
const chartFramesPerRound = 60;
const naiveFramesPerRound = 6;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

// Strings, not functions, go to the page: tsx would wrap a function with helpers the page lacks.
const runDraw = (kind: string, frames: number) =>
  `window.runDraw(${JSON.stringify(kind)}, ${frames})`;

async function redrawTable(page: Page, url: string): Promise<string[]> {
  await page.goto(`${url}?mode=draw`);
  await page.waitForFunction('typeof window.runDraw === "function"');
  await page.evaluate(runDraw('chart', 30));
  await page.evaluate(runDraw('hand', 30));
  await page.evaluate(runDraw('naive', 3));
  const times = { chart: [] as number[], hand: [] as number[], naive: [] as number[] };
  // Rounds in turn, so a slow patch of the machine falls on all three.
  for (let round = 0; round < rounds; round++) {
    times.chart.push(...((await page.evaluate(runDraw('chart', chartFramesPerRound))) as number[]));
    times.hand.push(...((await page.evaluate(runDraw('hand', chartFramesPerRound))) as number[]));
    times.naive.push(...((await page.evaluate(runDraw('naive', naiveFramesPerRound))) as number[]));
  }
  const p50 = (values: number[]) =>
    quantile(
      [...values].sort((a, b) => a - b),
      0.5,
    );
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const row = (label: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `| ${label} | ${values.length} | ${p50(values).toFixed(2)} | ${quantile(sorted, 0.99).toFixed(2)} | ${mean(values).toFixed(2)} | ${(p50(times.hand) / p50(values)).toFixed(2)}× | ${(mean(times.naive) / mean(values)).toFixed(1)}× |`;
  };
  return [
    '| frame | frames | p50 ms | p99 ms | mean ms | p50 vs hand-written | mean vs naive |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('naive: all 50,000 candles, a path each (baseline)', times.naive),
    row('hand-written scales and lines (baseline)', times.hand),
    row('KlineChart: d3-scale and d3-shape, one path per colour', times.chart),
  ];
}

interface LiveCase {
  rate: number;
  history: number;
  /** False: the page receives the views but draws only the first (the transport's share). */
  render?: false;
  /** The worker transfers the columns instead of having them copied. */
  transfer?: true;
  /**
   * The worker sends the changed candle only, at most every 100 ms; the page writes it into its
   * columns (the app).
   */
  delta?: true;
  /** A canvas of the chart's size with one rectangle instead of the chart: the browser's share. */
  floor?: true;
  /** Zoom out until about 1,000 candles are on screen; otherwise the default zoom. */
  zoomedOut?: true;
  label: string;
}

const liveCases: LiveCase[] = [
  { rate: 0, history: 1000, label: '1,000 candles, no updates (baseline)' },
  { rate: 2000, history: 1000, floor: true, label: '1,000 candles, 2,000/s, one rectangle drawn' },
  { rate: 2000, history: 1000, label: '1,000 candles, 2,000 updates/s' },
  { rate: 0, history: 50_000, label: '50,000 candles, no updates (baseline)' },
  {
    rate: 2000,
    history: 50_000,
    render: false,
    label: '50,000 candles, 2,000/s received, not drawn',
  },
  { rate: 2000, history: 50_000, label: '50,000 candles, 2,000 updates/s' },
  {
    rate: 2000,
    history: 50_000,
    transfer: true,
    label: '50,000 candles, 2,000 updates/s, columns transferred',
  },
  {
    rate: 2000,
    history: 50_000,
    delta: true,
    label: '50,000 candles, 2,000 updates/s, changed candle only, 10 a second (the app)',
  },
  { rate: 0, history: 50_000, zoomedOut: true, label: '50,000 zoomed out, no updates (baseline)' },
  { rate: 2000, history: 50_000, zoomedOut: true, label: '50,000 zoomed out, 2,000 updates/s' },
];

// One wheel turn from the default 8 px per candle to about 0.33 px: 1,000 candles on a phone.
const zoomOut = `(() => {
  const canvas = document.querySelector('[data-testid="kline-chart"] canvas');
  const box = canvas.getBoundingClientRect();
  canvas.dispatchEvent(new WheelEvent('wheel', {
    deltaY: 2125, clientX: box.left + box.width * 0.8, clientY: box.top + 100,
    bubbles: true, cancelable: true,
  }));
})()`;

async function liveTable(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  url: string,
): Promise<string[]> {
  const rows: string[] = [];
  for (const { rate, history, render, transfer, delta, floor, zoomedOut, label } of liveCases) {
    const page = await phonePage(browser);
    const cdp = await phoneCpu(page);
    const query = `mode=live&rate=${rate}&history=${history}&render=${render === false ? 0 : 1}`;
    await page.goto(
      `${url}?${query}${transfer ? '&transfer=1' : ''}${delta ? '&delta=1' : ''}${floor ? '&floor=1' : ''}`,
    );
    await page.waitForSelector('[data-testid="kline-chart"][data-candles]');
    if (zoomedOut) await page.evaluate(zoomOut);
    await page.waitForTimeout(1000);
    const use = await measureMainThread(page, cdp, seconds);
    const candles = await page.getAttribute('[data-testid="kline-chart"]', 'data-candles');
    rows.push(
      `| ${label} | ${candles} | ${use.busyPercent.toFixed(1)} % | ${use.framesPerSecond.toFixed(0)} | ${use.msPerFrame.toFixed(2)} | ${use.longTasks} | ${use.longTasks > 0 ? use.longestMs.toFixed(0) : '–'} |`,
    );
    await page.context().close();
  }
  return [
    '| chart | candles on screen | main thread busy | frames/s | main-thread ms per frame | long tasks | longest ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ];
}

export async function run(): Promise<void> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'meridian-chart-page-'));
  await buildBenchPage(outDir, 'chart.html');
  const site = await serveBenchPage(outDir, 'chart.html');
  const browser = await launchBrowser();
  try {
    const page = await phonePage(browser);
    const redraw = await redrawTable(page, site.url);
    await page.context().close();
    const live = await liveTable(browser, site.url);
    process.stdout.write(
      [
        'One frame, 1,000 visible candles of 50,000 with volume and MA 7/25/99, headless Chromium',
        'at 390×844 and 2 device pixels per CSS pixel, time including rasterisation',
        '',
        ...redraw,
        '',
        `KlineChart fed by a worker (one update per frame), ${seconds} s each, CPU slowed ${cpuSlowdown}×`,
        '',
        ...live,
        '',
      ].join('\n'),
    );
  } finally {
    await browser.close();
    site.close();
    await rm(outDir, { recursive: true, force: true });
  }
}
