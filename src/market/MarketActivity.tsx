// Below the chart: the order book and the recent trades as two tabs, of a spot market or of a
// perpetual's own book. Only the open tab watches its view, so the worker does not format a book
// nobody sees.
import { memo, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { TabRow, tabId } from '../ui/TabRow.tsx';
import type { BookKind } from './book-kind.ts';
import { OrderBook } from './OrderBook.tsx';
import { TradesList } from './TradesList.tsx';

type Tab = 'book' | 'trades';
const tabs: readonly Tab[] = ['book', 'trades'];

export const MarketActivity = memo(function MarketActivity(props: {
  symbol: string;
  book: BookKind;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('book');
  return (
    <section className="activity">
      <TabRow
        label={t('kline.activity')}
        tabs={tabs.map((name) => ({
          value: name,
          label: name === 'book' ? t('kline.book') : t('kline.trades'),
        }))}
        value={tab}
        onChange={setTab}
        panelId="activity-panel"
      />
      <div id="activity-panel" role="tabpanel" aria-labelledby={tabId('activity-panel', tab)}>
        {tab === 'book' ? (
          <OrderBook symbol={props.symbol} book={props.book} />
        ) : (
          <TradesList symbol={props.symbol} book={props.book} />
        )}
      </div>
    </section>
  );
});
