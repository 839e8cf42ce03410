// Loads a list of markets through the worker (which then keeps their tickers live) and says which
// symbols it has, whether a load is running, and whether the last one failed: a section of the
// market lists, or a product's own list (the futures board, the second contract's markets).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MarketSection, Outcome } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { type LoadKey, loadKeyId, useLatest } from '../ui/load-key.ts';
import { sectionRows } from './market-filter.ts';
import { useRetryOnReconnect } from './use-retry-on-reconnect.ts';

export interface SectionLoad {
  /** The section's markets from the last load that succeeded; null before the first one. */
  symbols: readonly string[] | null;
  loading: boolean;
  /** The last load failed (a business error was already toasted by the worker). */
  failed: boolean;
}

/**
 * Loads the list of `key` when the page opens and when `key` changes by value (ui/load-key.ts),
 * never on a mere render: `load` may be an inline arrow, the newest is used.
 */
export function useSymbolsLoad(
  key: LoadKey,
  load: () => Promise<Outcome<{ symbols: string[] }>>,
): SectionLoad & { reload(): Promise<void> } {
  const [state, setState] = useState<SectionLoad>({ symbols: null, loading: true, failed: false });
  const latest = useRef(0);
  const current = useLatest(load);
  const id = loadKeyId(key);

  const reload = useCallback(async () => {
    // Only the newest call may set the state: a slow first load must not undo a refresh.
    const call = ++latest.current;
    setState((shown) => ({ ...shown, loading: true }));
    const outcome = await current.current().catch(() => null);
    if (call !== latest.current) return;
    setState((shown) =>
      outcome?.ok
        ? { symbols: outcome.data.symbols, loading: false, failed: false }
        : { symbols: shown.symbols, loading: false, failed: true },
    );
  }, [current]);

  useEffect(() => {
    // Loaded once for each list: a render alone loads nothing.
    void id;
    void reload();
    // Leaving the page (or the section) makes any answer still on its way stale.
    return () => {
      latest.current++;
    };
  }, [id, reload]);
  useRetryOnReconnect(state.failed, reload);

  return { ...state, reload };
}

/**
 * A list's load that shows, until its first answer, the markets the list named last time (kept in
 * the log, so after a reload too): the page draws them with their last prices at once.
 */
function withKnownSymbols<L extends SectionLoad>(load: L, known: readonly string[] | undefined): L {
  return load.symbols === null && known ? { ...load, symbols: known } : load;
}

export function useMarketSection(section: MarketSection): SectionLoad & {
  reload(): Promise<void>;
} {
  const core = useWorker();
  return useSymbolsLoad(['markets', section], () => core.loadMarkets(section));
}

/**
 * A list's rows as the `market` view has them, in its load's order; until the load answers, the
 * markets the list named last time.
 */
export function useListRows<L extends SectionLoad>(section: MarketSection, loaded: L) {
  const market = useView('market');
  const load = withKnownSymbols(loaded, market?.sections[section]);
  const rows = useMemo(
    () => sectionRows(market?.rows ?? [], load.symbols ?? []),
    [market, load.symbols],
  );
  return { load, rows, simulated: market?.simulated ?? false };
}

/** A section's markets loaded, and their rows. */
export function useSectionRows(section: MarketSection) {
  return useListRows(section, useMarketSection(section));
}
