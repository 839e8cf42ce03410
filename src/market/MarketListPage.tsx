// A list of markets (spec §2: spot, second contract): searchable, pull-down refreshable, each row
// leading to the market's trade page, with what a product shows above its rows. The futures list
// has its own page (src/contract/), with marks and funding.
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useView } from '../app/use-view.ts';
import { useGo } from '../routes/navigation.ts';
import { spotTradePath } from '../spot/spot-query.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { MarketSectionBody } from './MarketSectionBody.tsx';
import { MarketToolbar } from './MarketToolbar.tsx';
import { sectionRows } from './market-filter.ts';
import { type SectionLoad, useMarketSection } from './use-market-section.ts';

export function MarketListPage(props: {
  load: SectionLoad & { reload(): Promise<void> };
  onOpen(symbol: string): void;
  children?: ReactNode;
}) {
  const market = useView('market');
  const { load } = props;
  const { reload } = load;
  usePullRefresh(reload);
  const [query, setQuery] = useState('');
  const rows = useMemo(
    () => sectionRows(market?.rows ?? [], load.symbols ?? []),
    [market, load.symbols],
  );
  const retry = useCallback(() => void reload(), [reload]);

  return (
    <div className="market-list-page">
      <MarketToolbar query={query} onQuery={setQuery} simulated={market?.simulated ?? false} />
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
  const go = useGo();
  const load = useMarketSection('spot');
  const open = useCallback((symbol: string) => go(spotTradePath, { symbol }), [go]);
  return <MarketListPage load={load} onOpen={open} />;
}
