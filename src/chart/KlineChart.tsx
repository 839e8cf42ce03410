// The price chart of /pages/kline/index: candles, volume and moving averages on a canvas, with a
// readout of the candle under the crosshair (or of the newest one). The page passes the worker's
// ChartView in; drawing happens in the controller, outside React's renders.
import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dash } from '../../core/figures.ts';
import type { ChartView } from '../../workers/facade.ts';
import { ChartController } from './chart-controller.ts';
import { chartName } from './chart-name.ts';
import { type Readout, readoutAt } from './crosshair.ts';
import type { ChartLevel } from './draw-levels.ts';
import { createLabels } from './labels.ts';
import { defaultChartHeight } from './layout.ts';
import { indexAtTime } from './time-search.ts';

export interface KlineChartProps {
  view: ChartView;
  /** Intl locale for labels (`pl` for the app's `bl`). */
  locale: string;
  /** Translated labels for the readout. */
  labels: {
    open: string;
    high: string;
    low: string;
    close: string;
    volume: string;
    change: string;
  };
  /** Called when the user has panned to (near) the left edge while view.hasOlder && !view.loading. */
  onNeedOlder(): void;
  /** CSS pixels; defaults to a sensible mobile height. */
  height?: number;
  /** Price levels over the candles (the opening prices of open contracts). */
  levels?: readonly ChartLevel[];
}

const noLevels: readonly ChartLevel[] = [];

const wrapperStyle: CSSProperties = { position: 'relative', width: '100%' };
const readoutStyle: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2px 10px',
  margin: 0,
  padding: '4px 8px',
  minHeight: 40,
  fontSize: 11,
  fontVariantNumeric: 'tabular-nums',
  color: 'var(--muted)',
};
const pairStyle: CSSProperties = { display: 'flex', gap: 4 };
const valueStyle: CSSProperties = { margin: 0, color: 'var(--fg)' };

export function KlineChart(props: KlineChartProps) {
  const { view, locale, height = defaultChartHeight } = props;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<ChartController | null>(null);
  const onNeedOlder = useRef(props.onNeedOlder);
  const [inspected, setInspected] = useState<number | null>(null);

  useEffect(() => {
    onNeedOlder.current = props.onNeedOlder;
  }, [props.onNeedOlder]);

  useLayoutEffect(() => {
    const wrapper = wrapperRef.current;
    const canvas = canvasRef.current;
    if (!wrapper || !canvas) return;
    const controller = new ChartController(wrapper, canvas, {
      onNeedOlder: () => onNeedOlder.current(),
      onInspect: setInspected,
    });
    controllerRef.current = controller;
    return () => {
      controller.destroy();
      controllerRef.current = null;
    };
  }, []);

  useLayoutEffect(() => controllerRef.current?.setLocale(locale), [locale]);
  useLayoutEffect(() => controllerRef.current?.setHeight(height), [height]);
  useLayoutEffect(() => controllerRef.current?.setView(view), [view]);
  const levels = props.levels ?? noLevels;
  useLayoutEffect(() => controllerRef.current?.setLevels(levels), [levels]);

  const labels = useMemo(() => createLabels(locale, view.priceScale), [locale, view.priceScale]);
  const index = inspected === null ? view.time.length - 1 : indexAtTime(view.time, inspected);
  const readout = index >= 0 ? readoutAt(view, index, labels) : null;

  return (
    <div
      ref={wrapperRef}
      className="kline-chart"
      data-testid="kline-chart"
      data-inspected={inspected ?? undefined}
      style={wrapperStyle}
    >
      <ReadoutRow readout={readout} labels={props.labels} />
      <canvas
        ref={canvasRef}
        className="kline-chart__canvas"
        role="img"
        aria-label={chartName(view.symbol, view.period)}
        style={{
          display: 'block',
          width: '100%',
          height,
          // The chart takes every gesture: no page scroll or zoom, no text selection on a hold.
          touchAction: 'none',
          userSelect: 'none',
          WebkitUserSelect: 'none',
        }}
      />
    </div>
  );
}

function ReadoutRow(props: { readout: Readout | null; labels: KlineChartProps['labels'] }) {
  const { readout, labels } = props;
  const tint = readout ? (readout.up ? 'var(--win)' : 'var(--lose)') : undefined;
  const pairs = [
    ['open', labels.open, readout?.open, undefined],
    ['high', labels.high, readout?.high, undefined],
    ['low', labels.low, readout?.low, undefined],
    ['close', labels.close, readout?.close, tint],
    ['volume', labels.volume, readout?.volume, undefined],
    ['change', labels.change, readout?.change, tint],
  ] as const;
  return (
    <dl className="kline-chart__readout" style={readoutStyle}>
      {pairs.map(([key, term, value, colour]) => (
        <div key={key} style={pairStyle} data-field={key}>
          <dt>{term}</dt>
          <dd style={colour ? { ...valueStyle, color: colour } : valueStyle}>{value ?? dash}</dd>
        </div>
      ))}
    </dl>
  );
}
