// The market's recent trades, newest first: time, price coloured by the taker's side, quantity;
// `book` says whose: a spot market's, or a perpetual's own.
import { memo, useMemo } from 'react';
import { intlLocale } from '../../schemas/languages.ts';
import type { TradesView } from '../../workers/facade.ts';
import { useServices } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Figure } from '../ui/Figures.tsx';
import { ListLoading } from '../ui/SectionStatus.tsx';
import { type BookKind, bookViews } from './book-kind.ts';
import { tradeTimeFormatter } from './trade-time.ts';

export function TradesList(props: { symbol: string; book: BookKind }) {
  const { t } = useTranslation();
  const { language } = useServices();
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
        {withKeys(trades.rows).map(({ key, row: [price, quantity, side, ts] }) => (
          <TradeItem
            key={key}
            price={price}
            quantity={quantity}
            buy={side === 'buy'}
            time={time(ts)}
            sideText={side === 'buy' ? t('kline.buy') : t('kline.sell')}
          />
        ))}
      </ol>
      {trades.rows.length === 0 && <p className="list-status">{t('kline.tradesEmpty')}</p>}
    </div>
  );
}

/**
 * Each trade with a key that stays with it as newer ones push it down: its time, price, quantity
 * and side, and how many alike came before it. Trades carry no id; an index for a key would
 * redraw every row.
 */
function withKeys(rows: TradesView['rows']) {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const [price, quantity, side, ts] = row;
    const base = `${ts}|${price}|${quantity}|${side}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return { key: `${base}|${count}`, row };
  });
}

/** One trade; memoised, so a new trade adds its row and leaves the others alone. */
const TradeItem = memo(function TradeItem(props: {
  price: string;
  quantity: string;
  buy: boolean;
  time: string;
  sideText: string;
}) {
  return (
    <li className="trade-row">
      <span className="trade-row__time">
        <Figure>{props.time}</Figure>
      </span>
      <span className="trades__end">
        <Figure className={`price price--${props.buy ? 'up' : 'down'}`}>{props.price}</Figure>
        <span className="visually-hidden">{props.sideText}</span>
      </span>
      <span className="trades__end">
        <Figure>{props.quantity}</Figure>
      </span>
    </li>
  );
});
