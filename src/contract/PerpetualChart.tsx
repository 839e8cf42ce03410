// The perpetual's chart on its trade page, opened from the header's Chart button: by default the
// candles of the perpetual's own trades (its last price, `/contract/kline`), or, switched to
// "Index", the market's candles (the same series as the price chart's), 1-minute by default, with
// the mark price and, for the user's position in this market, its entry, liquidation, take-profit
// and stop-loss drawn across as dashed lines with their tags. A perpetual without trades yet says
// so over an empty chart, pointing to the index (docs/contracts.md § "The perpetual's chart").
// Loaded with d3 only when first opened (ContractTradePage.tsx), so the trade page's own load does
// not grow.
import { useMemo, useState } from 'react';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import type { ChartSource } from '../../schemas/market-names.ts';
import type { ContractTradeView } from '../../workers/facade.ts';
import type { ChartLevel } from '../chart/draw-levels.ts';
import { useChart } from '../chart/use-chart.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ChartPanel } from '../market/ChartPanel.tsx';
import { TimeframeTabs } from '../market/TimeframeTabs.tsx';

const chartHeight = 260;
/** The perpetual's own trades first, as Binance's "Last Price / Mark Price" choice reads. */
const sourceOrder: readonly ChartSource[] = ['last', 'index'];
/** The two sources side by side at the start of their row, as the timeframes' tabs look. */
const sourceTabs = { gridTemplateColumns: 'repeat(2, max-content)', gap: 16 } as const;

/** A price for the canvas's geometry only (pixels), never for a figure shown: those come formatted. */
const onCanvas = (exact: string | null) => {
  const value = exact ? Number(exact) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : null;
};

export function PerpetualChart(props: { symbol: string; view: ContractTradeView }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<KlinePeriod>('1m');
  const [source, setSource] = useState<ChartSource>('last');
  const chart = useChart(props.symbol, period, source);
  const { view, symbol } = props;
  const levels = useMemo(() => {
    const drawn: ChartLevel[] = [];
    const add = (exact: string | null, tone: ChartLevel['tone'], label: string) => {
      const price = onCanvas(exact);
      if (price !== null) drawn.push({ price, tone, label });
    };
    add(view.markExact, 'neutral', `${t('contract.mark')} ${view.mark}`);
    for (const position of view.positions) {
      if (position.symbol !== symbol) continue;
      add(
        position.entryExact,
        position.direction === 'long' ? 'up' : 'down',
        `${t('contract.entry')} ${position.entry}`,
      );
      add(
        position.liquidationExact,
        'down',
        `${t('contract.liquidation')} ${position.liquidation}`,
      );
      add(position.tpExact, 'up', `${t('contract.chart.tp')} ${position.tp}`);
      add(position.slExact, 'down', `${t('contract.chart.sl')} ${position.sl}`);
    }
    return drawn;
  }, [view, symbol, t]);

  return (
    <section
      className="contract-chart"
      aria-label={t('contract.chart.title')}
      data-testid="contract-chart"
      data-levels={levels.map((level) => level.label).join('|')}
      data-source={source}
    >
      <div
        className="timeframes"
        role="tablist"
        aria-label={t('contract.chart.source')}
        style={sourceTabs}
      >
        {sourceOrder.map((choice) => (
          <button
            key={choice}
            type="button"
            role="tab"
            className="timeframe"
            data-testid={`chart-source-${choice}`}
            aria-selected={choice === source}
            onClick={() => setSource(choice)}
          >
            {t(`contract.chart.${choice}`)}
          </button>
        ))}
      </div>
      <TimeframeTabs value={period} onChange={setPeriod} />
      <ChartPanel
        chart={chart}
        symbol={symbol}
        period={period}
        height={chartHeight}
        levels={levels}
        source={source}
        {...(source === 'last' ? { empty: t('contract.chart.noTrades') } : {})}
      />
    </section>
  );
}
