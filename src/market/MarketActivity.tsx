// Below the chart: the order book and the recent trades as two tabs. Only the open tab watches
// its view, so the worker does not format a book nobody sees.
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderBook } from './OrderBook.tsx';
import { TradesList } from './TradesList.tsx';

type Tab = 'book' | 'trades';
const tabs: readonly Tab[] = ['book', 'trades'];

export const MarketActivity = memo(function MarketActivity(props: { symbol: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('book');
  return (
    <section className="activity">
      <div className="tabs" role="tablist" aria-label={t('kline.activity')}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            className="tab"
            id={`activity-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="activity-panel"
            onClick={() => setTab(name)}
          >
            {name === 'book' ? t('kline.book') : t('kline.trades')}
          </button>
        ))}
      </div>
      <div id="activity-panel" role="tabpanel" aria-labelledby={`activity-tab-${tab}`}>
        {tab === 'book' ? (
          <OrderBook symbol={props.symbol} />
        ) : (
          <TradesList symbol={props.symbol} />
        )}
      </div>
    </section>
  );
});
