// A trade page's working area: the order form with the book beside it (form at the start, book at
// the end, so Hebrew mirrors it), and over the book a choice between its levels and its depth
// chart. The book is watched here once, for the levels drawn, the depth chart and the price the
// form starts from; a tap on a level is handed to the form. The depth chart's plot, and d3 with
// it, load when the tab is first chosen, not with the page (src/chart/DepthChart.tsx).
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { intlLocale } from '../../schemas/languages.ts';
import type { BookView } from '../../workers/facade.ts';
import { useServices } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { DepthChart } from '../chart/DepthChart.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { TabRow, tabId } from '../ui/TabRow.tsx';
import { type BookKind, bookViews } from './book-kind.ts';
import { type BookTop, bookTop } from './book-prefill.ts';
import { TradeBook, tradeBookDepth } from './TradeBook.tsx';
import type { BookPick } from './use-limit-prefill.ts';

type BookTab = 'book' | 'depth';
const bookTabs: readonly BookTab[] = ['book', 'depth'];

/** The book's height before it was ever measured (src/styles/trade-page.css: 28 px rows, head, price). */
const bookHeight = tradeBookDepth * 2 * 28 + 64;

/**
 * What the form gets of the book: its top, the level the trader tapped last, and its levels (a
 * market order's preview walks them; null until the book is known).
 */
export interface FormBook {
  top: BookTop;
  pick: BookPick | null;
  levels: Pick<BookView, 'bids' | 'asks' | 'resyncing'> | null;
}

export function TradeSplit(props: {
  symbol: string;
  book: BookKind;
  bookLabel: string;
  last: ReactNode;
  form(book: FormBook): ReactNode;
}) {
  const { t } = useTranslation();
  const { language } = useServices();
  const book: BookView | null = useView(bookViews[props.book].book, { symbol: props.symbol });
  const [tab, setTab] = useState<BookTab>('book');
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // The depth chart takes the room the book took, so nothing under it moves when the tab changes.
  const [depthHeight, setDepthHeight] = useState(bookHeight);
  const choose = useCallback(
    (next: BookTab) => {
      const shown = panelRef.current?.offsetHeight ?? 0;
      if (next === 'depth' && tab === 'book' && shown > 0) setDepthHeight(shown);
      setTab(next);
    },
    [tab],
  );
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
      {props.form({ top: bookTop(book ?? undefined), pick: shownPick, levels: book })}
      <div className="trade-split__book">
        <TabRow
          label={props.bookLabel}
          tabs={bookTabs.map((value) => ({
            value,
            label: value === 'book' ? t('kline.book') : t('chart.depth'),
          }))}
          value={tab}
          onChange={choose}
          panelId={panelId}
          testIdPrefix="book-tab"
          className="trade-split__tabs"
        />
        <div ref={panelRef} id={panelId} role="tabpanel" aria-labelledby={tabId(panelId, tab)}>
          {tab === 'book' ? (
            <TradeBook
              book={book}
              last={props.last}
              onPick={onPick}
              label={props.bookLabel}
              testId="trade-book"
            />
          ) : (
            <DepthChart
              book={book}
              symbol={symbol}
              locale={intlLocale(language)}
              height={depthHeight}
            />
          )}
        </div>
      </div>
    </div>
  );
}
