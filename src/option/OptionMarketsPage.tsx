// The second contract's markets (`/pages/option/index`): the durations with their published
// payout rates, then each market with its last price and 24 h change (`/market/second`).
// Searchable, pull-down refreshable; a row opens the market's trade page.
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useView } from '../app/use-view.ts';
import { MarketListPage } from '../market/MarketListPage.tsx';
import { routes } from '../routes/route-table.ts';
import { DurationRates } from './DurationRates.tsx';
import { useOptionBoard } from './use-option-board.ts';
import './option.css';

export function OptionMarketsPage() {
  const navigate = useNavigate();
  const load = useOptionBoard();
  const rates = useView('optionRates');
  const open = useCallback(
    (symbol: string) => void navigate({ to: routes.optionTrade.path, search: { symbol } }),
    [navigate],
  );
  return (
    <MarketListPage section="option" load={load} onOpen={open}>
      <DurationRates groups={rates?.durations ?? []} />
    </MarketListPage>
  );
}
