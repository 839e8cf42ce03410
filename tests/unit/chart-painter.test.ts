// One frame drawn onto a recording canvas: only the visible candles are drawn, each colour is one
// fill however many candles there are, and the theme comes from the app's CSS variables.
import { describe, expect, it } from 'vitest';
import { ChartPainter, type FrameInput } from '../../src/chart/draw-frame.ts';
import { createLabels } from '../../src/chart/labels.ts';
import { chartLayout } from '../../src/chart/layout.ts';
import { defaultTheme, readTheme } from '../../src/chart/theme.ts';
import { createTimeFormat } from '../../src/chart/time-axis.ts';
import type { Viewport } from '../../src/chart/viewport.ts';
import type { ChartView } from '../../workers/facade.ts';

/** A 2D context that records how often each method is called and what is filled with what. */
function recordingContext() {
  const calls = new Map<string, number>();
  const fills: { style: string; rects: number }[] = [];
  let rects = 0;
  const state: Record<string, unknown> = {};
  const ctx = new Proxy(state, {
    get(target, key: string) {
      if (key in target) return target[key];
      return (...args: unknown[]) => {
        calls.set(key, (calls.get(key) ?? 0) + 1);
        if (key === 'beginPath') rects = 0;
        if (key === 'rect') rects++;
        if (key === 'fill') fills.push({ style: String(target.fillStyle), rects });
        if (key === 'measureText') return { width: String(args[0]).length * 6 };
        return undefined;
      };
    },
    set(target, key: string, value) {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, calls, fills };
}

function randomWalk(count: number): ChartView {
  const time = new Float64Array(count);
  const open = new Float64Array(count);
  const high = new Float64Array(count);
  const low = new Float64Array(count);
  const close = new Float64Array(count);
  const volume = new Float64Array(count);
  let price = 100;
  for (let i = 0; i < count; i++) {
    const next = price * (1 + Math.sin(i * 1.7) * 0.01);
    time[i] = i * 60_000;
    open[i] = price;
    close[i] = next;
    high[i] = Math.max(price, next) * 1.002;
    low[i] = Math.min(price, next) * 0.998;
    volume[i] = 10 + (i % 7);
    price = next;
  }
  return {
    symbol: 'BTCUSDT',
    period: '1m',
    priceScale: 2,
    time,
    open,
    high,
    low,
    close,
    volume,
    hasOlder: true,
    loading: false,
    feed: 'simulated',
    simulated: true,
  };
}

function frame(view: ChartView, viewport: Viewport): FrameInput {
  return {
    view,
    viewport,
    layout: chartLayout(390, 360, 2, 60),
    theme: defaultTheme,
    labels: createLabels('en', view.priceScale),
    time: createTimeFormat('en', view.period),
    crosshair: null,
  };
}

describe('one frame', () => {
  it('draws the visible candles only, rising and falling ones in one fill each', () => {
    const view = randomWalk(50_000);
    const { ctx, fills } = recordingContext();
    const stats = new ChartPainter().paint(ctx, frame(view, { candleWidth: 10, fromEnd: 0 }));
    expect(stats.candles).toBe(33);
    expect(stats.lastTime).toBe(view.time[49_999]);
    expect(stats.firstTime).toBe(view.time[50_000 - 33]);
    const up = fills.filter((f) => f.style === defaultTheme.up);
    const down = fills.filter((f) => f.style === defaultTheme.down);
    // Candles and volume: one fill per colour each.
    expect(up).toHaveLength(2);
    expect(down).toHaveLength(2);
    // A wick and a body per candle, a bar per candle: nothing for the 49,967 off screen.
    const candleRects = up[1]?.rects ?? 0;
    const downCandleRects = down[1]?.rects ?? 0;
    expect(candleRects + downCandleRects).toBe(2 * 33);
  });

  it('costs the same number of draw calls for 100 visible candles as for 1,000', () => {
    const view = randomWalk(50_000);
    const count = (candleWidth: number) => {
      const { ctx, calls } = recordingContext();
      new ChartPainter().paint(ctx, frame(view, { candleWidth, fromEnd: 20_000 }));
      return { fill: calls.get('fill'), stroke: calls.get('stroke') };
    };
    expect(count(3.3)).toEqual(count(0.33));
  });

  it("never draws a price label where the latest price's tag covers it", () => {
    const layout = chartLayout(390, 360, 2, 60);
    const covered: number[] = [];
    // Many frames, each ending on another price, so the tag lands among the labels everywhere.
    for (let fromEnd = 0; fromEnd < 400; fromEnd += 7) {
      const texts: { x: number; y: number }[] = [];
      const tags: { x: number; y: number }[] = [];
      const { ctx } = recordingContext();
      const recorded = new Proxy(ctx, {
        get(target, key: string) {
          if (key === 'fillText')
            return (_text: string, x: number, y: number) => texts.push({ x, y });
          if (key === 'fillRect') return (x: number, y: number) => tags.push({ x, y });
          return Reflect.get(target, key);
        },
        set: (target, key, value) => Reflect.set(target, key, value),
      });
      const view = randomWalk(2000 - fromEnd);
      new ChartPainter().paint(recorded, frame(view, { candleWidth: 8, fromEnd: 0 }));
      const tag = tags.find((box) => box.x === layout.plotWidth);
      if (!tag) throw new Error('no latest price tag');
      // The tag's own text is drawn at the tag's middle; the axis labels are the others there.
      const labels = texts.filter(
        (text) => text.x === layout.plotWidth + 4 && text.y !== tag.y + 8,
      );
      // A label's text is about 12 px high: none may reach into the 16 px tag.
      covered.push(
        ...labels
          .filter((label) => label.y > tag.y - 6 && label.y < tag.y + 16 + 6)
          .map((l) => l.y),
      );
    }
    expect(covered).toEqual([]);
  });

  it('draws an empty chart without failing', () => {
    const { ctx } = recordingContext();
    const stats = new ChartPainter().paint(
      ctx,
      frame(randomWalk(0), { candleWidth: 8, fromEnd: 0 }),
    );
    expect(stats.candles).toBe(0);
    expect(stats.firstTime).toBeNaN();
  });

  it('finds the candle under the crosshair', () => {
    const view = randomWalk(1000);
    const { ctx } = recordingContext();
    const input = {
      ...frame(view, { candleWidth: 10, fromEnd: 0 }),
      crosshair: { x: 325, y: 100 },
    };
    // The plot is 330 px wide: x 325 is in the newest candle's slot.
    expect(new ChartPainter().paint(ctx, input).crosshairIndex).toBe(999);
  });
});

describe('theme', () => {
  it('takes rise and fall colours from the app variables, with fallbacks', () => {
    const style = {
      getPropertyValue: (name: string) =>
        ({ '--win': ' #00ff00', '--lose': '#ff0000 ', 'font-family': 'Inter' })[name] ?? '',
    };
    const theme = readTheme(style);
    expect(theme.up).toBe('#00ff00');
    expect(theme.down).toBe('#ff0000');
    expect(theme.grid).toBe(defaultTheme.grid);
    expect(theme.font).toBe('10px Inter');
  });
});
