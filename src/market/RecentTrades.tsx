// A trade page's recent trades, as a card of their own under the user's orders: the book stands
// beside the form, so the trades no longer share its tab.
import { memo, useId } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { BookKind } from './book-kind.ts';
import { TradesList } from './TradesList.tsx';

// Memoised: the trades have their own view, and the page's price moving is not a reason to draw them.
export const RecentTrades = memo(function RecentTrades(props: {
  symbol: string;
  book: BookKind;
  testId?: string;
}) {
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
});
