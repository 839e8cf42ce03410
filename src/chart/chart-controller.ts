// The chart's life on the page: it owns the canvas, turns pointer, wheel, resize and theme events
// and new views into viewport changes, and draws at most once per animation frame, only when
// something changed. React hands it props; it never re-renders React to draw.
import type { ChartView } from '../../workers/facade.ts';
import type { CrosshairPoint } from './crosshair.ts';
import { ChartPainter, type FrameStats } from './draw-frame.ts';
import type { ChartLevel } from './draw-levels.ts';
import { type GestureEffect, Gestures, holdDelay, type PointerKind } from './gestures.ts';
import { type ChartLabels, createLabels } from './labels.ts';
import { backingSize, type ChartLayout, chartLayout, defaultChartHeight } from './layout.ts';
import {
  afterGestureStart,
  afterNewOldest,
  type OlderRequestState,
  shouldAskOlder,
} from './older-request.ts';
import { type ChartTheme, readTheme } from './theme.ts';
import { createTimeFormat, type TimeFormat } from './time-axis.ts';
import { classifyChange, followChange, markOf, type SeriesMark } from './view-change.ts';
import {
  clampViewport,
  initialViewport,
  isNearLeftEdge,
  pan,
  type Viewport,
  zoomAt,
} from './viewport.ts';

export interface ChartCallbacks {
  onNeedOlder(): void;
  /** The candle under the crosshair changed: its open time, or null when the crosshair left. */
  onInspect(time: number | null): void;
}

/** Room for a price label and the axis's padding, at least. */
const minAxisWidth = 56;
/** A wheel notch (100 px of delta) zooms by about 16%. */
const wheelZoomRate = 0.0015;

export class ChartController {
  private readonly ctx: CanvasRenderingContext2D | null;
  private readonly painter = new ChartPainter();
  private readonly gestures = new Gestures();
  private readonly resizeObserver: ResizeObserver;
  private readonly themeObserver: MutationObserver;
  private view: ChartView | null = null;
  private levels: readonly ChartLevel[] = [];
  private mark: SeriesMark | null = null;
  private viewport: Viewport = initialViewport;
  private older: OlderRequestState = { askedAt: null };
  private locale = 'en';
  private height = defaultChartHeight;
  private width = 0;
  private axisWidth = minAxisWidth;
  private measureAxis = true;
  private layout: ChartLayout | null = null;
  private theme: ChartTheme | null = null;
  private labels: ChartLabels | null = null;
  private timeFormat: TimeFormat | null = null;
  private crosshair: CrosshairPoint | null = null;
  private inspectedTime: number | null = null;
  private frame = 0;
  private holdTimer: ReturnType<typeof setTimeout> | undefined;
  private shown = { candles: -1, first: '', last: '' };

  constructor(
    private readonly wrapper: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    private readonly callbacks: ChartCallbacks,
  ) {
    this.ctx = canvas.getContext('2d');
    this.resizeObserver = new ResizeObserver((entries) => {
      const width = entries[entries.length - 1]?.contentRect.width ?? 0;
      if (width !== this.width) {
        this.width = width;
        this.invalidate();
      }
    });
    this.resizeObserver.observe(wrapper);
    // Theme switches reload the page today; following the attribute costs nothing and keeps the
    // canvas right if that ever changes.
    this.themeObserver = new MutationObserver(() => {
      this.theme = null;
      this.invalidate();
    });
    this.themeObserver.observe(document.documentElement, { attributeFilter: ['data-theme'] });
    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerup', this.onPointerUp);
    canvas.addEventListener('pointercancel', this.onPointerCancel);
    canvas.addEventListener('pointerleave', this.onPointerLeave);
    // Not passive: the wheel zooms the chart instead of scrolling the page.
    canvas.addEventListener('wheel', this.onWheel, { passive: false });
    canvas.addEventListener('contextmenu', this.onContextMenu);
  }

  setView(view: ChartView): void {
    const previous = this.view;
    const change = classifyChange(this.mark, view);
    this.viewport = followChange(this.viewport, change);
    this.mark = markOf(view);
    this.older = afterNewOldest(this.older, view.time[0] ?? Number.NaN);
    if (!previous || previous.priceScale !== view.priceScale || change.kind === 'reset') {
      this.labels = null;
      this.measureAxis = true;
    }
    if (!previous || previous.period !== view.period) this.timeFormat = null;
    this.view = view;
    this.invalidate();
  }

  /** Price levels over the candles; an empty list draws none. */
  setLevels(levels: readonly ChartLevel[]): void {
    if (levels === this.levels) return;
    this.levels = levels;
    this.wrapper.dataset.levels = String(levels.length);
    this.invalidate();
  }

  setLocale(locale: string): void {
    if (locale === this.locale) return;
    this.locale = locale;
    this.labels = null;
    this.timeFormat = null;
    this.measureAxis = true;
    this.invalidate();
  }

  setHeight(height: number): void {
    if (height === this.height) return;
    this.height = height;
    this.invalidate();
  }

  destroy(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    clearTimeout(this.holdTimer);
    this.resizeObserver.disconnect();
    this.themeObserver.disconnect();
    const canvas = this.canvas;
    canvas.removeEventListener('pointerdown', this.onPointerDown);
    canvas.removeEventListener('pointermove', this.onPointerMove);
    canvas.removeEventListener('pointerup', this.onPointerUp);
    canvas.removeEventListener('pointercancel', this.onPointerCancel);
    canvas.removeEventListener('pointerleave', this.onPointerLeave);
    canvas.removeEventListener('wheel', this.onWheel);
    canvas.removeEventListener('contextmenu', this.onContextMenu);
  }

  private invalidate(): void {
    if (!this.frame) this.frame = requestAnimationFrame(this.draw);
  }

  private readonly draw = (): void => {
    this.frame = 0;
    const { ctx, view } = this;
    if (!ctx || !view || this.width <= 0) return;
    const dpr = window.devicePixelRatio || 1;
    const pixelWidth = backingSize(this.width, dpr);
    const pixelHeight = backingSize(this.height, dpr);
    if (this.canvas.width !== pixelWidth) this.canvas.width = pixelWidth;
    if (this.canvas.height !== pixelHeight) this.canvas.height = pixelHeight;
    this.theme ??= readTheme(getComputedStyle(this.canvas));
    this.labels ??= createLabels(this.locale, view.priceScale);
    this.timeFormat ??= createTimeFormat(this.locale, view.period);
    if (this.measureAxis) this.sizeAxis(ctx, view, this.theme, this.labels);
    const layout = this.layoutFor(dpr);
    this.viewport = clampViewport(this.viewport, view.time.length, layout.plotWidth);
    const stats = this.painter.paint(ctx, {
      view,
      viewport: this.viewport,
      layout,
      theme: this.theme,
      labels: this.labels,
      time: this.timeFormat,
      crosshair: this.crosshair,
      levels: this.levels,
    });
    this.publish(stats, view);
    this.askOlderIfNear(view, layout);
  };

  /** The panes, worked out again only when the size, pixel ratio or axis width changed. */
  private layoutFor(dpr: number): ChartLayout {
    const current = this.layout;
    if (
      current &&
      current.width === this.width &&
      current.height === this.height &&
      current.dpr === dpr &&
      current.axisWidth === this.axisWidth
    ) {
      return current;
    }
    this.layout = chartLayout(this.width, this.height, dpr, this.axisWidth);
    return this.layout;
  }

  /** The price axis is as wide as the widest label this market is likely to show. */
  private sizeAxis(
    ctx: CanvasRenderingContext2D,
    view: ChartView,
    theme: ChartTheme,
    labels: ChartLabels,
  ): void {
    this.measureAxis = false;
    const last = view.close[view.close.length - 1];
    if (last === undefined) return;
    ctx.font = theme.font;
    // Room for a price with one more integer digit than today's, and the tag's padding.
    const sample = labels.price(last * 10);
    this.axisWidth = Math.max(minAxisWidth, Math.ceil(ctx.measureText(sample).width) + 12);
  }

  /** The wrapper's data-* attributes for end-to-end tests, written only when they change. */
  private publish(stats: FrameStats, view: ChartView): void {
    const first = Number.isNaN(stats.firstTime) ? '' : String(stats.firstTime);
    const last = Number.isNaN(stats.lastTime) ? '' : String(stats.lastTime);
    const shown = this.shown;
    if (shown.candles !== stats.candles) this.wrapper.dataset.candles = String(stats.candles);
    if (shown.first !== first) this.wrapper.dataset.first = first;
    if (shown.last !== last) this.wrapper.dataset.last = last;
    shown.candles = stats.candles;
    shown.first = first;
    shown.last = last;
    const time = this.crosshair ? (view.time[stats.crosshairIndex] ?? null) : null;
    if (time !== this.inspectedTime) {
      this.inspectedTime = time;
      this.callbacks.onInspect(time);
    }
  }

  private askOlderIfNear(view: ChartView, layout: ChartLayout): void {
    const near = isNearLeftEdge(this.viewport, view.time.length, layout.plotWidth);
    if (!shouldAskOlder(this.older, near, view)) return;
    this.older = { askedAt: view.time[0] ?? Number.NaN };
    this.callbacks.onNeedOlder();
  }

  private apply(effect: GestureEffect): void {
    const view = this.view;
    const layout = this.layout;
    if (effect.kind === 'none' || !view || !layout) return;
    const count = view.time.length;
    const plotWidth = layout.plotWidth;
    switch (effect.kind) {
      case 'pan':
        this.viewport = pan(this.viewport, effect.dx, count, plotWidth);
        break;
      case 'zoom':
        this.viewport = zoomAt(
          pan(this.viewport, effect.dx, count, plotWidth),
          effect.factor,
          effect.focalX,
          count,
          plotWidth,
        );
        break;
      case 'inspect':
        this.crosshair = { x: effect.x, y: effect.y };
        break;
      case 'endInspect':
        this.crosshair = null;
        break;
    }
    this.invalidate();
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    this.canvas.setPointerCapture(event.pointerId);
    if (this.view) this.older = afterGestureStart(this.older, this.view);
    this.apply(this.gestures.down(event.pointerId, event.offsetX, event.offsetY, kindOf(event)));
    clearTimeout(this.holdTimer);
    if (this.gestures.awaitingHold) {
      this.holdTimer = setTimeout(() => this.apply(this.gestures.hold()), holdDelay);
    }
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    const effect = this.gestures.move(event.pointerId, event.offsetX, event.offsetY, kindOf(event));
    if (!this.gestures.awaitingHold) clearTimeout(this.holdTimer);
    this.apply(effect);
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    clearTimeout(this.holdTimer);
    this.apply(this.gestures.up(event.pointerId, kindOf(event)));
  };

  private readonly onPointerCancel = (event: PointerEvent): void => {
    clearTimeout(this.holdTimer);
    this.apply(this.gestures.cancel(event.pointerId));
  };

  private readonly onPointerLeave = (event: PointerEvent): void => {
    if (kindOf(event) === 'mouse') this.apply(this.gestures.leave());
  };

  private readonly onWheel = (event: WheelEvent): void => {
    event.preventDefault();
    const lines = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 16 : 1;
    const dx = event.deltaX * lines;
    const dy = event.deltaY * lines;
    // A sideways swipe on a trackpad pans; a wheel turn or a vertical swipe zooms.
    if (Math.abs(dx) > Math.abs(dy)) this.apply({ kind: 'pan', dx: -dx });
    else {
      this.apply({
        kind: 'zoom',
        factor: Math.exp(-dy * wheelZoomRate),
        focalX: event.offsetX,
        dx: 0,
      });
    }
  };

  /** A long press would open the context menu over the crosshair. */
  private readonly onContextMenu = (event: Event): void => event.preventDefault();
}

function kindOf(event: PointerEvent): PointerKind {
  return event.pointerType === 'touch' || event.pointerType === 'pen' ? event.pointerType : 'mouse';
}
