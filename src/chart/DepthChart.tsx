// The market's depth beside a trade page's form, as every large exchange shows it next to its book:
// the cumulative bids (green, left of the mid price) and asks (red, right of it) as step areas
// from the book the page already watches, with captions naming the axes. The plot itself, which
// draws with d3, loads on its own the first time it is shown (DepthPlot.tsx); the price axis runs
// left to right in every language, as on every exchange's chart, and the captions follow the
// page's direction.
import { lazy, Suspense, useMemo } from 'react';
import { dash } from '../../core/figures.ts';
import { type DepthLevel, depthCurve } from '../../core/market/depth-curve.ts';
import type { BookRow, BookView } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { displaySymbol } from '../market/market-symbol.ts';
import { ListLoading } from '../ui/SectionStatus.tsx';
import { depthNameValues, depthPrice, depthTotal } from './depth-labels.ts';

const DepthPlot = lazy(() =>
  import('./DepthPlot.tsx').then((module) => ({ default: module.DepthPlot })),
);

/** The two captions' lines, above and below the plot. */
const captionsHeight = 36;

const levels = (rows: readonly BookRow[]): DepthLevel[] => rows.map((row) => [row[3], row[4]]);
const decimals = (rows: readonly BookRow[]) =>
  Math.max(0, ...rows.map((row) => row[3].split('.')[1]?.length ?? 0));

export interface DepthChartProps {
  /** The book the page watches; null or not received yet: still loading. */
  book: BookView | null;
  symbol: string;
  /** Intl locale for the figures (`pl` for the app's `bl`). */
  locale: string;
  /** CSS px: the room the book's levels take, so the page does not move on a switch. */
  height: number;
}

export function DepthChart(props: DepthChartProps) {
  const { t } = useTranslation();
  const { book, height } = props;
  if (!book?.received) {
    return (
      <div className="depth-chart" style={{ blockSize: height }}>
        <ListLoading text={t('loading.page')} />
      </div>
    );
  }
  if (book.bids.length === 0 && book.asks.length === 0) {
    return (
      <div className="depth-chart" style={{ blockSize: height }}>
        <p className="list-status">{t('kline.bookEmpty')}</p>
      </div>
    );
  }
  return <DepthFigure {...props} book={book} />;
}

function DepthFigure(props: DepthChartProps & { book: BookView }) {
  const { t } = useTranslation();
  const { book, locale, height } = props;
  const curve = useMemo(() => depthCurve(levels(book.bids), levels(book.asks)), [book]);
  const places = useMemo(() => Math.max(decimals(book.bids), decimals(book.asks)), [book]);
  const labels = useMemo(
    () => ({
      price: (value: number) => depthPrice(value, places, locale),
      total: (value: number, step: number) => depthTotal(value, step, locale),
    }),
    [places, locale],
  );
  const [base = props.symbol, quote = ''] = displaySymbol(props.symbol).split('/');
  const plotHeight = Math.max(0, height - captionsHeight);
  const name = t('chart.depthName', {
    pair: displaySymbol(props.symbol),
    ...depthNameValues(
      curve,
      { low: book.bids.at(-1)?.[0] ?? dash, high: book.asks.at(-1)?.[0] ?? dash },
      base,
      locale,
    ),
  });
  return (
    <div className="depth-chart" data-testid="depth-chart" style={{ blockSize: height }}>
      <p className="depth-chart__total">{t('chart.depthTotal', { base })}</p>
      <Suspense fallback={<div style={{ blockSize: plotHeight }} />}>
        <DepthPlot
          curve={curve}
          name={name}
          height={plotHeight}
          price={labels.price}
          total={labels.total}
        />
      </Suspense>
      <p className="depth-chart__price">{t('chart.depthPrice', { quote })}</p>
    </div>
  );
}
