// The pair's name in the trade page's header is a switch: a tap opens a sheet listing the spot
// pairs with their last price and 24 h change, and choosing one opens that pair's trade page.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { displaySymbol } from '../market/market-symbol.ts';
import { useSectionRows } from '../market/use-market-section.ts';
import { routes } from '../routes/route-table.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { ChangePill, ListedPrice } from '../ui/Figures.tsx';
import { ListFailed, ListLoading } from '../ui/SectionStatus.tsx';

export function PairSwitcher(props: { symbol: string; pair: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <h2 className="spot-header__pair">
        <button
          type="button"
          className="pair-switch"
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="pair-switch"
          onClick={() => setOpen(true)}
        >
          {props.pair}
          <svg className="pair-switch__caret" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </h2>
      {open && <PairSheet current={props.symbol} onClose={() => setOpen(false)} />}
    </>
  );
}

function PairSheet(props: { current: string; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { load, rows } = useSectionRows('spot');
  const choose = (symbol: string) => {
    props.onClose();
    if (symbol !== props.current) void navigate({ to: routes.spotTrade.path, search: { symbol } });
  };
  return (
    <BottomSheet title={t('spot.pairs')} onClose={props.onClose} testId="pair-sheet">
      {rows.length === 0 ? (
        load.failed ? (
          <ListFailed onRetry={() => void load.reload()} />
        ) : (
          <ListLoading text={t('market.loading')} />
        )
      ) : (
        <ul className="pair-list">
          {rows.map(([symbol, last, , , change]) => (
            <li key={symbol}>
              <button
                type="button"
                className="pair-list__row"
                aria-current={symbol === props.current ? 'true' : undefined}
                data-testid={`pair-${symbol}`}
                onClick={() => choose(symbol)}
              >
                <span className="pair-list__name">{displaySymbol(symbol)}</span>
                <ListedPrice value={last} change={change} />
                <ChangePill value={change} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </BottomSheet>
  );
}
