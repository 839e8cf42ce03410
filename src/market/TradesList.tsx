// The market's recent trades, newest first: time, price coloured by the taker's side, quantity;
// `book` says whose: a spot market's, or a perpetual's own.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../schemas/languages.ts';
import { useApp } from '../app/app-context.tsx';
import { useView } from '../app/use-view.ts';
import { Figure } from '../ui/Figures.tsx';
import { ListLoading } from '../ui/SectionStatus.tsx';
import { type BookKind, bookViews } from './book-kind.ts';
import { tradeTimeFormatter } from './trade-time.ts';

export function TradesList(props: { symbol: string; book: BookKind }) {
  const { t } = useTranslation();
  const { language } = useApp();
  const trades = useView(bookViews[props.book].trades, { symbol: props.symbol });
  const time = useMemo(() => tradeTimeFormatter(intlLocale(language)), [language]);
  if (!trades) return <ListLoading text={t('loading.page')} />;
  return (
    <div className="trades">
      <div className="trades__head">
        <span>{t('kline.time')}</span>
        <span className="trades__end">{t('kline.price')}</span>
        <span className="trades__end">{t('kline.amount')}</span>
      </div>
      <ol className="trades__rows" data-testid="trades-list">
        {trades.rows.map(([price, quantity, side, ts], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: trades carry no id, and the short list is redrawn whole at most once per frame
          <li key={index} className="trade-row">
            <span className="trade-row__time">
              <Figure>{time(ts)}</Figure>
            </span>
            <span className="trades__end">
              <Figure className={`price price--${side === 'buy' ? 'up' : 'down'}`}>{price}</Figure>
              <span className="visually-hidden">
                {side === 'buy' ? t('kline.buy') : t('kline.sell')}
              </span>
            </span>
            <span className="trades__end">
              <Figure>{quantity}</Figure>
            </span>
          </li>
        ))}
      </ol>
      {trades.rows.length === 0 && <p className="list-status">{t('kline.tradesEmpty')}</p>}
    </div>
  );
}
