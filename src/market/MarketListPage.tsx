// The spot and option market lists (spec §2): searchable, pull-down refreshable, each row leading
// to the market's trade page or chart. The futures list has its own page (src/contract/).
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketSection } from '../../workers/facade.ts';
import { useView } from '../app/use-view.ts';
import { useGo } from '../routes/navigation.ts';
import { spotTradePath } from '../spot/spot-query.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { ConnectionBadge } from './ConnectionBadge.tsx';
import { MarketSectionBody } from './MarketSectionBody.tsx';
import { sectionRows } from './market-filter.ts';
import { klinePath, klineSearch } from './market-query.ts';
import { SimulatedBadge } from './SimulatedBadge.tsx';
import { useMarketSection } from './use-market-section.ts';

export function MarketListPage(props: { section: Exclude<MarketSection, 'home'> }) {
  const { t } = useTranslation();
  const go = useGo();
  const market = useView('market');
  const load = useMarketSection(props.section);
  const { reload } = load;
  usePullRefresh(reload);
  const [query, setQuery] = useState('');
  const rows = useMemo(
    () => sectionRows(market?.rows ?? [], load.symbols ?? []),
    [market, load.symbols],
  );
  // A spot market opens its trade page (which links to the chart); the others open the chart.
  const open = useCallback(
    (symbol: string) =>
      props.section === 'spot' ? go(spotTradePath, { symbol }) : go(klinePath, klineSearch(symbol)),
    [go, props.section],
  );
  const retry = useCallback(() => void reload(), [reload]);

  return (
    <div className="market-list-page">
      <div className="market-toolbar">
        <input
          className="field__input market-toolbar__search"
          type="search"
          name="market-search"
          inputMode="search"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('market.searchPlaceholder')}
          aria-label={t('market.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <div className="badges">
          <SimulatedBadge show={market?.simulated ?? false} />
          <ConnectionBadge />
        </div>
      </div>
      <MarketSectionBody
        load={load}
        onRetry={retry}
        rows={rows}
        query={query}
        detailed
        onOpen={open}
      />
    </div>
  );
}

export function SpotMarketsPage() {
  return <MarketListPage section="spot" />;
}

export function OptionMarketsPage() {
  return <MarketListPage section="option" />;
}
