// A list of markets (docs/product.md §2: spot, second contract): searchable, pull-down refreshable,
// each row leading to the market's trade page, with what a product shows above its rows. The
// futures list has its own page (src/contract/), with marks and funding.
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useCallback, useState } from 'react';
import type { MarketSection } from '../../workers/facade.ts';
import { routes } from '../routes/route-table.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { MarketSectionBody } from './MarketSectionBody.tsx';
import { MarketToolbar } from './MarketToolbar.tsx';
import { type SectionLoad, useListRows, useMarketSection } from './use-market-section.ts';

export function MarketListPage(props: {
  /** The list this is: what it showed last time is shown until it answers. */
  section: MarketSection;
  load: SectionLoad & { reload(): Promise<void> };
  onOpen(symbol: string): void;
  children?: ReactNode;
}) {
  const { load, rows, simulated } = useListRows(props.section, props.load);
  const { reload } = load;
  usePullRefresh(reload);
  const [query, setQuery] = useState('');
  const retry = useCallback(() => void reload(), [reload]);

  return (
    <div className="market-list-page">
      <MarketToolbar query={query} onQuery={setQuery} simulated={simulated} />
      {props.children}
      <MarketSectionBody
        load={load}
        onRetry={retry}
        rows={rows}
        query={query}
        detailed
        onOpen={props.onOpen}
      />
    </div>
  );
}

export function SpotMarketsPage() {
  const navigate = useNavigate();
  const load = useMarketSection('spot');
  const open = useCallback(
    (symbol: string) => void navigate({ to: routes.spotTrade.path, search: { symbol } }),
    [navigate],
  );
  return <MarketListPage section="spot" load={load} onOpen={open} />;
}
