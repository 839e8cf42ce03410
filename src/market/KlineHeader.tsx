// The chart page's header: pair, last price, 24 h change, high, low and volume from the market's
// row, the feed the candles come from, and the Simulated badge.
import { memo, useEffect, useRef } from 'react';
import { dash } from '../../core/figures.ts';
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ChangePill, Figure, LastPrice } from '../ui/Figures.tsx';
import { displaySymbol } from './market-symbol.ts';
import { SimulatedBadge } from './SimulatedBadge.tsx';

export const KlineHeader = memo(function KlineHeader(props: {
  symbol: string;
  feed: string | null;
  chartSimulated: boolean;
}) {
  const { t } = useTranslation();
  const core = useWorker();
  const market = useView('market');
  const row = market?.rows.find(([symbol]) => symbol === props.symbol);
  const missing = market !== null && row === undefined;

  // A chart opened from a link has no ticker yet: load home's markets once for this symbol.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!missing || asked.current === props.symbol) return;
    asked.current = props.symbol;
    void core.loadMarkets('home').catch(() => null);
  }, [core, missing, props.symbol]);

  const [, last, high, low, change, quoteVolume, trend] = row ?? [
    props.symbol,
    dash,
    dash,
    dash,
    dash,
    dash,
    0,
  ];

  return (
    <section className="kline-header">
      <div className="kline-header__top">
        <h2 className="kline-header__pair">{displaySymbol(props.symbol)}</h2>
        <SimulatedBadge show={(market?.simulated ?? false) || props.chartSimulated} />
      </div>
      <div className="kline-header__price">
        <LastPrice value={last} trend={trend} />
        {row && <ChangePill value={change} />}
      </div>
      <dl className="kline-stats">
        <div>
          <dt>{t('kline.high24h')}</dt>
          <dd>
            <Figure>{high}</Figure>
          </dd>
        </div>
        <div>
          <dt>{t('kline.low24h')}</dt>
          <dd>
            <Figure>{low}</Figure>
          </dd>
        </div>
        <div>
          <dt>{t('kline.volume24h')}</dt>
          <dd>
            <Figure>{quoteVolume}</Figure>
          </dd>
        </div>
      </dl>
      {props.feed && (
        <p className="kline-header__feed" data-testid="kline-feed">
          {/* The feed's name from the server is a code: each known one is said in the language. */}
          {t('market.feed', {
            feed: t(`market.feeds.${props.feed}`, { defaultValue: props.feed }),
          })}
        </p>
      )}
    </section>
  );
});
