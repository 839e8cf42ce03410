// A trade page's working area: the order form with the book beside it (form at the start, book at
// the end, so Hebrew mirrors it). The book is watched
// here once, for the levels drawn and for the price the form starts from; a tap on a level is
// handed to the form.
import { type ReactNode, useCallback, useState } from 'react';
import type { BookView } from '../../workers/facade.ts';
import { useView } from '../app/use-view.ts';
import { type BookKind, bookViews } from './book-kind.ts';
import { type BookTop, bookTop } from './book-prefill.ts';
import { TradeBook } from './TradeBook.tsx';
import type { BookPick } from './use-limit-prefill.ts';

/** What the form gets of the book: its top, and the level the trader tapped last. */
export interface FormBook {
  top: BookTop;
  pick: BookPick | null;
}

export function TradeSplit(props: {
  symbol: string;
  book: BookKind;
  bookLabel: string;
  last: ReactNode;
  form(book: FormBook): ReactNode;
}) {
  const book: BookView | null = useView(bookViews[props.book].book, { symbol: props.symbol });
  const [pick, setPick] = useState<(BookPick & { symbol: string }) | null>(null);
  const { symbol } = props;
  const onPick = useCallback(
    (price: string) => setPick((last) => ({ price, symbol, seq: (last?.seq ?? 0) + 1 })),
    [symbol],
  );
  // A tap on another market's book is not for this market's form.
  const shownPick = pick?.symbol === symbol ? pick : null;
  return (
    <div className="trade-split">
      {props.form({ top: bookTop(book ?? undefined), pick: shownPick })}
      <TradeBook
        book={book}
        last={props.last}
        onPick={onPick}
        label={props.bookLabel}
        testId="trade-book"
      />
    </div>
  );
}
