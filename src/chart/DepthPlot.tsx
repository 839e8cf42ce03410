// The depth chart's plot: the two sides' step areas and their edges, the mid price, the totals'
// grid and the price labels, as SVG, on d3-scale's scales and d3-shape's areas
// (depth-geometry.ts). It is the part of the depth chart that needs d3, so it loads on its own,
// with d3's file and the chart's styles, the first time a trade page shows its depth
// (DepthChart.tsx).
import { useRef } from 'react';
import type { DepthCurve } from '../../core/market/depth-curve.ts';
import { depthArea, depthOutline, depthScales, totalTicks } from './depth-geometry.ts';
import { useWidth } from './use-width.ts';
import './depth-chart.css';

/** Room under the plot for the price labels, and above it for the top total's label. */
const priceAxisHeight = 18;
const plotTop = 14;
/** About one price label per 80 px; a label is kept only where it fits whole. */
const priceLabelSpacing = 80;
/** A figure's width at the chart's 10 px: a tabular digit is about 6 px. */
const charWidth = 6;

export interface DepthPlotProps {
  curve: DepthCurve;
  /** The accessible name: what the picture shows, in words. */
  name: string;
  /** CSS px. */
  height: number;
  /** A price tick's label. */
  price(value: number): string;
  /** A total tick's label, at the decimals the ticks' step needs. */
  total(value: number, step: number): string;
}

export function DepthPlot(props: DepthPlotProps) {
  const { curve, height } = props;
  const plotRef = useRef<HTMLDivElement>(null);
  const width = useWidth(plotRef);
  const plotBottom = Math.max(0, height - priceAxisHeight);
  const scales = width > 0 ? depthScales(curve, { width, top: plotTop, bottom: plotBottom }) : null;
  return (
    <div ref={plotRef} style={{ blockSize: height }}>
      {scales && (
        <svg
          role="img"
          aria-label={props.name}
          width={width}
          height={height}
          direction="ltr"
          className="depth-chart__svg"
        >
          <Areas scales={scales} curve={curve} />
          <TotalAxis scales={scales} width={width} label={props.total} />
          <PriceAxis
            scales={scales}
            width={width}
            y={plotBottom + priceAxisHeight / 2}
            label={props.price}
          />
        </svg>
      )}
    </div>
  );
}

type Scales = NonNullable<ReturnType<typeof depthScales>>;

function Areas(props: { scales: Scales; curve: DepthCurve }) {
  const { scales, curve } = props;
  const shape = depthArea(scales);
  const edge = shape.lineY1();
  const [left = 0, right = 0] = scales.x.domain();
  const bids = depthOutline(curve.bids, left);
  const asks = depthOutline(curve.asks, right);
  const mid = scales.x(scales.mid);
  const [bottom = 0, top = 0] = scales.y.range();
  return (
    <g>
      <line className="depth-chart__mid" x1={mid} x2={mid} y1={top} y2={bottom} />
      <path className="depth-chart__area depth-chart__area--bid" d={shape(bids) ?? ''} />
      <path className="depth-chart__edge depth-chart__edge--bid" d={edge(bids) ?? ''} />
      <path className="depth-chart__area depth-chart__area--ask" d={shape(asks) ?? ''} />
      <path className="depth-chart__edge depth-chart__edge--ask" d={edge(asks) ?? ''} />
    </g>
  );
}

/** Grid lines at round totals, labelled at the right edge. */
function TotalAxis(props: { scales: Scales; width: number; label: DepthPlotProps['total'] }) {
  const { y } = props.scales;
  const ticks = y.ticks(totalTicks).filter((tick) => tick > 0);
  const step = ticks.length > 1 ? (ticks[1] ?? 0) - (ticks[0] ?? 0) : (ticks[0] ?? 1);
  return (
    <g>
      {ticks.map((tick) => (
        <g key={tick}>
          <line className="depth-chart__grid" x1={0} x2={props.width} y1={y(tick)} y2={y(tick)} />
          <text className="depth-chart__label" x={props.width - 2} y={y(tick) - 3} textAnchor="end">
            {props.label(tick, step)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Round prices along the bottom, each only where its label fits without touching another. */
function PriceAxis(props: {
  scales: Scales;
  width: number;
  y: number;
  label: DepthPlotProps['price'];
}) {
  const { x } = props.scales;
  const count = Math.max(2, Math.floor(props.width / priceLabelSpacing));
  let lastEnd = Number.NEGATIVE_INFINITY;
  const shown = x.ticks(count).flatMap((tick) => {
    const text = props.label(tick);
    const half = (text.length * charWidth) / 2;
    const at = x(tick);
    if (at - half < lastEnd + 6 || at - half < 0 || at + half > props.width) return [];
    lastEnd = at + half;
    return [{ tick, text, at }];
  });
  return (
    <g>
      {shown.map(({ tick, text, at }) => (
        <text
          key={tick}
          className="depth-chart__label"
          x={at}
          y={props.y}
          textAnchor="middle"
          dominantBaseline="middle"
        >
          {text}
        </text>
      ))}
    </g>
  );
}
