// The second contract's markets (`/pages/option/index`): the durations with their published
// payout rates, then each market with its last price and 24 h change (`/market/second`).
// Searchable, pull-down refreshable; a row opens the market's trade page.
import { useCallback } from 'react';
import { useView } from '../app/use-view.ts';
import { MarketListPage } from '../market/MarketListPage.tsx';
import { useGo } from '../routes/navigation.ts';
import { DurationRates } from './DurationRates.tsx';
import { optionTradePath } from './option-query.ts';
import { useOptionBoard } from './use-option-board.ts';
import './option.css';

export function OptionMarketsPage() {
  const go = useGo();
  const load = useOptionBoard();
  const rates = useView('optionRates');
  const open = useCallback((symbol: string) => go(optionTradePath, { symbol }), [go]);
  return (
    <MarketListPage section="option" load={load} onOpen={open}>
      <DurationRates groups={rates?.durations ?? []} />
    </MarketListPage>
  );
}
