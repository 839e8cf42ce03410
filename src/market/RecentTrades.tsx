// A trade page's recent trades, as a card of their own under the user's orders: the book stands
// beside the form, so the trades no longer share its tab.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookKind } from './book-kind.ts';
import { TradesList } from './TradesList.tsx';

export function RecentTrades(props: { symbol: string; book: BookKind; testId?: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="card recent-trades" aria-labelledby={titleId} data-testid={props.testId}>
      <h2 className="card__title" id={titleId}>
        {t('kline.trades')}
      </h2>
      <TradesList symbol={props.symbol} book={props.book} />
    </section>
  );
}
