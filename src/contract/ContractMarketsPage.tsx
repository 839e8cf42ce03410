// The futures list (`/pages/contract/index`): each perpetual with its last price and mark, the 24 h
// change, the coming funding rate and the time left until it is paid. Searchable, pull-down
// refreshable; a row opens the market's trade page.
import { useNavigate } from '@tanstack/react-router';
import { memo, useCallback, useMemo, useState } from 'react';
import type { ContractBoardRow } from '../../workers/facade.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { MarketToolbar } from '../market/MarketToolbar.tsx';
import { displaySymbol } from '../market/market-symbol.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ChangePill, Figure, LastPrice } from '../ui/Figures.tsx';
import { ListFailed, ListLoading, RefreshFailed } from '../ui/SectionStatus.tsx';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { useContractBoard } from './use-contract-board.ts';
import './contract.css';
import { Countdown } from '../ui/Countdown.tsx';

export function ContractMarketsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useContractBoard();
  const { reload } = load;
  usePullRefresh(reload);
  const board = useView('contractBoard', { symbols: (load.symbols ?? []).join(',') });
  const [query, setQuery] = useState('');
  const open = useCallback(
    (symbol: string) => void navigate({ to: routes.contractTrade.path, search: { symbol } }),
    [navigate],
  );
  const rows = useMemo(() => {
    const wanted = query.trim().toUpperCase().replace('/', '');
    return (board?.rows ?? []).filter((row) => row.symbol.includes(wanted));
  }, [board, query]);

  return (
    <div className="market-list-page">
      <MarketToolbar query={query} onQuery={setQuery} simulated={board?.simulated ?? false} />
      {load.symbols === null ? (
        load.failed ? (
          <ListFailed onRetry={() => void reload()} />
        ) : (
          <ListLoading text={t('market.loading')} />
        )
      ) : load.symbols.length === 0 ? (
        <EmptyState text={t('market.empty')} />
      ) : (
        <>
          {load.failed && <RefreshFailed onRetry={() => void reload()} />}
          {(board?.rows.length ?? 0) === 0 ? (
            // The load named the markets; their first tickers are a frame or two behind.
            <ListLoading text={t('market.loading')} />
          ) : rows.length === 0 ? (
            <EmptyState text={t('market.noMatch', { query: query.trim() })} />
          ) : (
            <BoardTable rows={rows} onOpen={open} />
          )}
        </>
      )}
    </div>
  );
}

function BoardTable(props: { rows: readonly ContractBoardRow[]; onOpen(symbol: string): void }) {
  const { t } = useTranslation();
  return (
    <div className="market-table">
      <div className="market-table__head contract-board__head" aria-hidden="true">
        <span>{t('contract.board.perpetual')}</span>
        <span className="market-table__end">{t('contract.board.lastMark')}</span>
        <span className="market-table__end">{t('market.change')}</span>
      </div>
      <ul className="market-table__rows">
        {props.rows.map((row) => (
          <BoardRowItem key={row.symbol} row={row} onOpen={props.onOpen} />
        ))}
      </ul>
    </div>
  );
}

const BoardRowItem = memo(function BoardRowItem(props: {
  row: ContractBoardRow;
  onOpen(symbol: string): void;
}) {
  const { t } = useTranslation();
  const { row } = props;
  return (
    <li>
      <button
        type="button"
        className="market-row contract-board__row"
        data-testid={`market-row-${row.symbol}`}
        onClick={() => props.onOpen(row.symbol)}
      >
        <span className="market-row__pair">
          {displaySymbol(row.symbol)}
          <span className="contract-board__tag">{t('contract.perpetual')}</span>
        </span>
        <span className="market-row__last contract-board__prices">
          <LastPrice value={row.last} trend={row.trend} testId={`contract-last-${row.symbol}`} />
          <span className="contract-board__mark">
            {t('contract.mark')} <Figure testId={`contract-mark-${row.symbol}`}>{row.mark}</Figure>
          </span>
        </span>
        <span className="market-row__change">
          <ChangePill value={row.change} />
        </span>
        <span className="market-row__detail">
          <span>
            {t('contract.fundingRate')}{' '}
            <Figure testId={`contract-funding-${row.symbol}`}>{row.fundingRate}</Figure>
          </span>
          <span>
            {t('contract.countdown')}{' '}
            <Countdown until={row.nextFunding} testId={`contract-countdown-${row.symbol}`} />
          </span>
        </span>
      </button>
    </li>
  );
});
