// The market's live chart on the trade page (the same candles as the price chart's, 1-minute by
// default), with the opening price of each open contract of this market drawn across it: up in
// win green, down in lose red, each labelled with its price and the time it has left.
import { useMemo, useState } from 'react';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import type { OptionContractRow } from '../../workers/facade.ts';
import type { ChartLevel } from '../chart/draw-levels.ts';
import { useChart } from '../chart/use-chart.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ChartPanel } from '../market/ChartPanel.tsx';
import { TimeframeTabs } from '../market/TimeframeTabs.tsx';
import { countdownText } from '../ui/Countdown.tsx';
import { useNow } from '../ui/use-now.ts';

const chartHeight = 260;
const noLevels: readonly ChartLevel[] = [];

export function OptionChart(props: { symbol: string; contracts: readonly OptionContractRow[] }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<KlinePeriod>('1m');
  const chart = useChart(props.symbol, period);
  const now = useNow();
  const levels = useMemo(() => {
    const drawn = props.contracts.flatMap((contract): ChartLevel[] =>
      contract.symbol === props.symbol &&
      contract.status === 'open' &&
      contract.openingValue !== null &&
      contract.opening
        ? [
            {
              price: contract.openingValue,
              tone: contract.direction,
              label: `${contract.direction === 'up' ? '▲' : '▼'} ${contract.opening.price} · ${countdownText(contract.expiryTime, now)}`,
            },
          ]
        : [],
    );
    return drawn.length > 0 ? drawn : noLevels;
  }, [props.contracts, props.symbol, now]);

  return (
    <section className="option-chart" aria-label={t('option.chart')}>
      <TimeframeTabs value={period} onChange={setPeriod} />
      <ChartPanel
        chart={chart}
        symbol={props.symbol}
        period={period}
        height={chartHeight}
        levels={levels}
      />
    </section>
  );
}
