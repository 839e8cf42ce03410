// The order book beside a trade form, as mobile exchanges lay it out: asks above with the best one
// at the bottom, the last price in the middle, bids below with the best one on top, and a bar
// behind each level for the quantity up to it. A tap on a level takes its price into the form.
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookRow, BookView } from '../../workers/facade.ts';
import { Figure } from '../ui/Figures.tsx';
import { depthPercent, depthRows } from './book-depth.ts';

/** Levels a side: what stands beside the order form on a phone. */
export const tradeBookDepth = 7;

export function TradeBook(props: {
  book: BookView | null;
  /** The last price, drawn between the two sides. */
  last: ReactNode;
  onPick(price: string): void;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { bids, asks, deepest } = depthRows(
    props.book?.bids ?? [],
    props.book?.asks ?? [],
    tradeBookDepth,
  );
  return (
    <section className="trade-book" aria-label={props.label} data-testid={props.testId}>
      <div className="trade-book__head" aria-hidden="true">
        <span>{t('kline.price')}</span>
        <span>{t('kline.amount')}</span>
      </div>
      <Levels side="ask" rows={[...asks].reverse()} deepest={deepest} onPick={props.onPick} />
      <div className="trade-book__last">{props.last}</div>
      <Levels side="bid" rows={bids} deepest={deepest} onPick={props.onPick} />
      {props.book?.resyncing && (
        <p className="order-book__resync" role="status">
          {t('kline.resyncing')}
        </p>
      )}
      {props.book && bids.length === 0 && asks.length === 0 && (
        <p className="list-status">{t('kline.bookEmpty')}</p>
      )}
    </section>
  );
}

function Levels(props: {
  side: 'bid' | 'ask';
  rows: readonly BookRow[];
  deepest: number;
  onPick(price: string): void;
}) {
  const { t } = useTranslation();
  const name = props.side === 'bid' ? t('kline.bids') : t('kline.asks');
  return (
    <ol
      className={`trade-book__side trade-book__side--${props.side}`}
      aria-label={name}
      data-testid={props.side === 'bid' ? 'book-bids' : 'book-asks'}
    >
      {props.rows.map(([price, quantity, cumulative, exact]) => (
        <Level
          key={exact}
          label={t('kline.takePrice', { side: name, price, amount: quantity })}
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
  label: string;
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
        aria-label={props.label}
        data-price={props.exact}
        onClick={() => props.onPick(props.exact)}
      >
        <span className="trade-book__depth" style={{ inlineSize: `${props.percent}%` }} />
        <Figure className="book-row__price">{props.price}</Figure>
        <Figure>{props.quantity}</Figure>
      </button>
    </li>
  );
});
