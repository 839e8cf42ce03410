// The perpetual trade page's pair switcher: a sheet of every perpetual with its last price and 24 h
// change, the market on screen marked; a row opens that market's trade page. The board loads (and
// its tickers stay live) only while the sheet is open.
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { displaySymbol } from '../market/market-symbol.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { ChangePill, LastPrice } from '../ui/Figures.tsx';
import { ListFailed, ListLoading } from '../ui/SectionStatus.tsx';
import { useContractBoard } from './use-contract-board.ts';

export function PairSheet(props: {
  symbol: string;
  onPick(symbol: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const load = useContractBoard();
  const board = useView('contractBoard', { symbols: (load.symbols ?? []).join(',') });
  const rows = board?.rows ?? [];
  return (
    <BottomSheet title={t('contract.pairs.title')} onClose={props.onClose} testId="pair-sheet">
      {rows.length === 0 ? (
        load.failed ? (
          <ListFailed onRetry={() => void load.reload()} />
        ) : (
          <ListLoading text={t('market.loading')} />
        )
      ) : (
        <ul className="contract-pairs">
          {rows.map((row) => (
            <li key={row.symbol}>
              <button
                type="button"
                className="contract-pairs__row"
                data-testid={`pair-option-${row.symbol}`}
                aria-current={row.symbol === props.symbol ? 'true' : undefined}
                onClick={() => props.onPick(row.symbol)}
              >
                <span className="contract-pairs__name">{displaySymbol(row.symbol)}</span>
                <LastPrice value={row.last} trend={row.trend} testId={`pair-last-${row.symbol}`} />
                <ChangePill value={row.change} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </BottomSheet>
  );
}
