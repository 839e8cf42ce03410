// The order book beside a trade form, as mobile exchanges lay it out: asks above with the best one
// at the bottom, the last price in the middle, bids below with the best one on top, and a bar
// behind each level for the quantity up to it. A tap on a level takes its price into the form.
import { type CSSProperties, memo, type ReactNode, useId } from 'react';
import type { BookRow, BookView } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Figure } from '../ui/Figures.tsx';
import { depthPercent, depthRows } from './book-depth.ts';

/** Levels a side: what stands beside the order form on a phone. */
export const tradeBookDepth = 7;
/** The room each side holds (src/styles/trade-page.css `.trade-book__side`): one style for every render. */
const bookLevels = { '--book-levels': tradeBookDepth } as CSSProperties;

export function TradeBook(props: {
  book: BookView | null;
  /** The last price, drawn between the two sides. */
  last: ReactNode;
  onPick(price: string): void;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const { bids, asks, deepest } = depthRows(
    props.book?.bids ?? [],
    props.book?.asks ?? [],
    tradeBookDepth,
  );
  // A book not received yet is not an empty one: its rows keep their room, unsaid.
  const empty = props.book?.received === true && bids.length === 0 && asks.length === 0;
  const status = props.book?.resyncing ? t('kline.resyncing') : empty ? t('kline.bookEmpty') : null;
  return (
    <section
      className="trade-book"
      aria-label={props.label}
      data-testid={props.testId}
      style={bookLevels}
    >
      <div className="trade-book__head" aria-hidden="true">
        <span>{t('kline.price')}</span>
        <span>{t('kline.amount')}</span>
      </div>
      <p className="visually-hidden" id={hintId}>
        {t('kline.takePriceHint')}
      </p>
      <Levels
        side="ask"
        rows={[...asks].reverse()}
        deepest={deepest}
        hintId={hintId}
        onPick={props.onPick}
      />
      <div className="trade-book__last">{props.last}</div>
      <div className="trade-book__below">
        <Levels side="bid" rows={bids} deepest={deepest} hintId={hintId} onPick={props.onPick} />
        {status && (
          <p className="trade-book__status" role="status">
            {status}
          </p>
        )}
      </div>
    </section>
  );
}

function Levels(props: {
  side: 'bid' | 'ask';
  rows: readonly BookRow[];
  deepest: number;
  hintId: string;
  onPick(price: string): void;
}) {
  const { t } = useTranslation();
  const name = props.side === 'bid' ? t('kline.bids') : t('kline.asks');
  const amount = t('kline.amount');
  return (
    <ol
      className={`trade-book__side trade-book__side--${props.side}`}
      aria-label={name}
      data-testid={props.side === 'bid' ? 'book-bids' : 'book-asks'}
    >
      {props.rows.map(([price, quantity, cumulative, exact]) => (
        <Level
          key={exact}
          side={name}
          amountLabel={amount}
          hintId={props.hintId}
          price={price}
          exact={exact}
          quantity={quantity}
          percent={depthPercent(cumulative, props.deepest)}
          onPick={props.onPick}
        />
      ))}
    </ol>
  );
}

/** One level; memoised, so a book update redraws only the levels that changed. */
const Level = memo(function Level(props: {
  /** Words a screen reader says around the figures: the side, "amount". */
  side: string;
  amountLabel: string;
  hintId: string;
  price: string;
  exact: string;
  quantity: string;
  percent: number;
  onPick(price: string): void;
}) {
  return (
    <li>
      <button
        type="button"
        className="trade-book__level"
        aria-describedby={props.hintId}
        data-price={props.exact}
        onClick={() => props.onPick(props.exact)}
      >
        <span className="trade-book__depth" style={{ inlineSize: `${props.percent}%` }} />
        {/* The name is the content, as seen, with the words a glance at the column gives. */}
        <span className="visually-hidden">{props.side} </span>
        <Figure className="book-row__price">{props.price}</Figure>
        <span className="visually-hidden">, {props.amountLabel} </span>
        <Figure>{props.quantity}</Figure>
      </button>
    </li>
  );
});
