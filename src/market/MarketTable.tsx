// A list of markets: pair, last price and 24 h change, optionally with high, low and volume
// under the pair. The last price takes the colour of the 24 h change beside it, as exchanges' lists
// do, not of the last tick. Each row is its own memoised component, so a tick redraws only what
// moved.
import { memo } from 'react';
import type { MarketRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ChangePill, Figure, ListedPrice } from '../ui/Figures.tsx';
import { sameRow } from './market-row.ts';
import { displaySymbol } from './market-symbol.ts';

interface RowProps {
  row: MarketRow;
  detailed: boolean;
  onOpen(symbol: string): void;
}

export function MarketTable(props: {
  rows: readonly MarketRow[];
  detailed: boolean;
  onOpen(symbol: string): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="market-table">
      <div className="market-table__head" aria-hidden="true">
        <span>{t('market.pair')}</span>
        <span className="market-table__end">{t('market.last')}</span>
        <span className="market-table__end">{t('market.change')}</span>
      </div>
      <ul className="market-table__rows">
        {props.rows.map((row) => (
          <MarketRowItem key={row[0]} row={row} detailed={props.detailed} onOpen={props.onOpen} />
        ))}
      </ul>
    </div>
  );
}

const MarketRowItem = memo(
  function MarketRowItem({ row, detailed, onOpen }: RowProps) {
    const { t } = useTranslation();
    const [symbol, last, high, low, change, quoteVolume] = row;
    return (
      <li>
        <button
          type="button"
          className="market-row"
          data-testid={`market-row-${symbol}`}
          onClick={() => onOpen(symbol)}
        >
          <span className="market-row__pair">{displaySymbol(symbol)}</span>
          <span className="market-row__last">
            <ListedPrice value={last} change={change} testId={`market-last-${symbol}`} />
          </span>
          <span className="market-row__change">
            <ChangePill value={change} />
          </span>
          {detailed && (
            <span className="market-row__detail">
              <span>
                {t('market.high')} <Figure>{high}</Figure>
              </span>
              <span>
                {t('market.low')} <Figure>{low}</Figure>
              </span>
              <span>
                {t('market.volume')} <Figure>{quoteVolume}</Figure>
              </span>
            </span>
          )}
        </button>
      </li>
    );
  },
  (before, after) =>
    before.detailed === after.detailed &&
    before.onOpen === after.onOpen &&
    sameRow(before.row, after.row),
);
