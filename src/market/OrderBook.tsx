// The order book as mobile exchanges show it: bids and asks side by side, best prices on top and
// next to each other, bars growing outwards from the middle by cumulative quantity. `book` says
// whose: a spot market's, or a perpetual's own.
import { memo } from 'react';
import type { BookRow } from '../../workers/facade.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Figure } from '../ui/Figures.tsx';
import { ListLoading } from '../ui/SectionStatus.tsx';
import { depthPercent, depthRows } from './book-depth.ts';
import { type BookKind, bookViews } from './book-kind.ts';

export function OrderBook(props: { symbol: string; book: BookKind }) {
  const { t } = useTranslation();
  const book = useView(bookViews[props.book].book, { symbol: props.symbol });
  // Before its snapshot a book is not known, not empty.
  if (!book?.received) return <ListLoading text={t('loading.page')} />;
  const { bids, asks, deepest } = depthRows(book.bids, book.asks);
  return (
    <div className="order-book">
      {book.resyncing && (
        <p className="order-book__resync" role="status">
          {t('kline.resyncing')}
        </p>
      )}
      <div className="order-book__sides">
        <BookSide side="bid" rows={bids} deepest={deepest} />
        <BookSide side="ask" rows={asks} deepest={deepest} />
      </div>
      {bids.length === 0 && asks.length === 0 && (
        <p className="list-status">{t('kline.bookEmpty')}</p>
      )}
    </div>
  );
}

function BookSide(props: { side: 'bid' | 'ask'; rows: readonly BookRow[]; deepest: number }) {
  const { t } = useTranslation();
  const bid = props.side === 'bid';
  const price = <span>{bid ? t('kline.bids') : t('kline.asks')}</span>;
  const amount = <span>{t('kline.amount')}</span>;
  return (
    <div className={`book-side book-side--${props.side}`}>
      <div className="book-side__head">
        {bid ? amount : price}
        {bid ? price : amount}
      </div>
      <ol className="book-side__rows" data-testid={bid ? 'book-bids' : 'book-asks'}>
        {props.rows.map(([priceText, quantity, cumulative]) => (
          <BookLevel
            key={priceText}
            bid={bid}
            price={priceText}
            quantity={quantity}
            percent={depthPercent(cumulative, props.deepest)}
          />
        ))}
      </ol>
    </div>
  );
}

/** One price level; memoised, so a book update redraws only the levels that changed. */
const BookLevel = memo(function BookLevel(props: {
  bid: boolean;
  price: string;
  quantity: string;
  percent: number;
}) {
  return (
    <li className="book-row">
      <span className="book-row__depth" style={{ inlineSize: `${props.percent}%` }} />
      {props.bid ? (
        <>
          <Figure>{props.quantity}</Figure>
          <Figure className="book-row__price">{props.price}</Figure>
        </>
      ) : (
        <>
          <Figure className="book-row__price">{props.price}</Figure>
          <Figure>{props.quantity}</Figure>
        </>
      )}
    </li>
  );
});
