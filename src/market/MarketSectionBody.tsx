// A market section's content once its state is known: loading, failed, empty, no search match,
// or the rows (with a warning above them when a refresh failed).

import type { MarketRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ListFailed, ListLoading, RefreshFailed } from '../ui/SectionStatus.tsx';
import { MarketTable } from './MarketTable.tsx';
import { filterRows } from './market-filter.ts';
import type { SectionLoad } from './use-market-section.ts';

export function MarketSectionBody(props: {
  load: SectionLoad;
  onRetry(): void;
  /** The section's rows in its order, before the search. */
  rows: readonly MarketRow[];
  query: string;
  detailed: boolean;
  onOpen(symbol: string): void;
}) {
  const { t } = useTranslation();
  const { load, rows, query } = props;
  if (load.symbols === null) {
    return load.failed ? (
      <ListFailed onRetry={props.onRetry} />
    ) : (
      <ListLoading text={t('market.loading')} />
    );
  }
  if (load.symbols.length === 0) return <EmptyState text={t('market.empty')} />;
  // The load named the markets; their first tickers are a frame or two behind.
  if (rows.length === 0) return <ListLoading text={t('market.loading')} />;
  const shown = filterRows(rows, query);
  return (
    <>
      {load.failed && <RefreshFailed onRetry={props.onRetry} />}
      {shown.length === 0 ? (
        <EmptyState text={t('market.noMatch', { query: query.trim() })} />
      ) : (
        <MarketTable rows={shown} detailed={props.detailed} onOpen={props.onOpen} />
      )}
    </>
  );
}
