// The chart benchmark's page. `?mode=draw` exposes `runDraw(kind, frames)`, which draws frames of
// 1,000 visible candles out of 50,000, the chart's way, the chart's previous hand-written way or the
// naive way, and answers each frame's time including rasterisation. `?mode=live&rate=N` renders the KlineChart component fed by a
// worker that moves the newest candle N times a second (0: a still chart) in a history of
// `history` candles; `&render=0` draws only the first view and drops the rest, `&transfer=1` has
// the worker transfer the columns instead of copying them, and `&floor=1` draws one rectangle per
// view on a canvas of the same size instead of the chart.
import '../../src/styles.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ChartSeries } from '../../src/chart/chart-series.ts';
import { ChartPainter, type FrameInput } from '../../src/chart/draw-frame.ts';
import { KlineChart } from '../../src/chart/KlineChart.tsx';
import { createLabels } from '../../src/chart/labels.ts';
import { backingSize, chartLayout } from '../../src/chart/layout.ts';
import { readTheme } from '../../src/chart/theme.ts';
import { createTimeFormat } from '../../src/chart/time-axis.ts';
import type { ChartUpdate, ChartView } from '../../workers/facade.ts';
import { randomCandles } from './chart-data.ts';
import { HandPainter } from './chart-hand.ts';
import { paintNaive } from './chart-naive.ts';

const params = new URL(location.href).searchParams;
const mode = params.get('mode') ?? 'live';
const historyLength = 50_000;
const visibleCandles = 1000;
const chartHeight = 360;
const axisWidth = 64;

declare global {
  interface Window {
    runDraw?: (kind: 'chart' | 'hand' | 'naive', frames: number) => number[];
  }
}

function setUpDraw(): void {
  const canvas = document.createElement('canvas');
  document.body.append(canvas);
  const width = document.documentElement.clientWidth;
  const dpr = window.devicePixelRatio || 1;
  canvas.style.cssText = `display:block;width:${width}px;height:${chartHeight}px`;
  canvas.width = backingSize(width, dpr);
  canvas.height = backingSize(chartHeight, dpr);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D context');
  const view = randomCandles(historyLength);
  const layout = chartLayout(width, chartHeight, dpr, axisWidth);
  const input: FrameInput = {
    view,
    viewport: { candleWidth: layout.plotWidth / visibleCandles, fromEnd: 20_000 },
    layout,
    theme: readTheme(getComputedStyle(canvas)),
    labels: createLabels('en', view.priceScale),
    time: createTimeFormat('en', view.period),
    crosshair: null,
  };
  const painter = new ChartPainter();
  const hand = new HandPainter();
  window.runDraw = (kind, frames) => {
    const times: number[] = [];
    for (let f = 0; f < frames; f++) {
      // Each frame one candle further back: new visible candles, new averages and a new range.
      input.viewport = { candleWidth: input.viewport.candleWidth, fromEnd: 20_000 + f };
      const t0 = performance.now();
      if (kind === 'chart') painter.paint(ctx, input);
      else if (kind === 'hand') hand.paint(ctx, input);
      else paintNaive(ctx, input);
      // Reading a pixel back makes the canvas rasterise now, so the time includes the pixels.
      ctx.getImageData(0, 0, 1, 1);
      times.push(performance.now() - t0);
    }
    return times;
  };
}

const labels = {
  open: 'Open',
  high: 'High',
  low: 'Low',
  close: 'Close',
  volume: 'Vol',
  change: 'Change',
};

function LiveChart() {
  const [view, setView] = useState<ChartView | null>(null);
  useEffect(() => {
    const worker = new Worker(new URL('./chart.worker.ts', import.meta.url), {
      type: 'module',
      name: [
        params.get('rate') ?? '0',
        params.get('history') ?? historyLength,
        params.get('delta') === '1'
          ? 'delta'
          : params.get('transfer') === '1'
            ? 'transfer'
            : 'copy',
      ]
        .filter((part) => part !== null)
        .join(':'),
    });
    // `render=0` takes the views in and drops them: what the transport alone costs.
    const render = params.get('render') !== '0';
    let first = true;
    const series = new ChartSeries();
    const delta = params.get('delta') === '1';
    worker.onmessage = (event: MessageEvent<ChartView | ChartUpdate>) => {
      // Reading `data` is what copies the columns in, so every way pays for it.
      const view = delta ? series.apply(event.data as ChartUpdate) : event.data;
      if (render || first) setView(view);
      first = false;
    };
    return () => worker.terminate();
  }, []);
  if (!view) return null;
  if (params.get('floor') === '1') return <FloorCanvas view={view} />;
  return <KlineChart view={view} locale="en" labels={labels} onNeedOlder={() => {}} />;
}

/**
 * What any canvas of the chart's size costs when it changes every frame: one rectangle drawn where
 * the newest close is. The browser's share of a live chart, with no chart in it.
 */
function FloorCanvas(props: { view: ChartView }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    canvas.width = backingSize(width, dpr);
    canvas.height = backingSize(chartHeight, dpr);
    const close = props.view.close[props.view.close.length - 1] ?? 0;
    const frame = requestAnimationFrame(() => {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, width, chartHeight);
      ctx.fillStyle = '#16c784';
      ctx.fillRect((close * 100) % (width - 10), 100, 10, 10);
    });
    return () => cancelAnimationFrame(frame);
  }, [props.view]);
  return (
    <div data-testid="kline-chart" data-candles="0">
      <canvas ref={canvasRef} style={{ display: 'block', width: '100%', height: chartHeight }} />
    </div>
  );
}

if (mode === 'draw') setUpDraw();
else {
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<LiveChart />);
}
