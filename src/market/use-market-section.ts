// Loads a section's markets through the worker (which then keeps their tickers live) and says
// which symbols the section has, whether a load is running, and whether the last one failed.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MarketSection } from '../../workers/facade.ts';
import { useApp } from '../app/app-context.tsx';

export interface SectionLoad {
  /** The section's markets from the last load that succeeded; null before the first one. */
  symbols: readonly string[] | null;
  loading: boolean;
  /** The last load failed (a business error was already toasted by the worker). */
  failed: boolean;
}

export function useMarketSection(section: MarketSection): SectionLoad & {
  reload(): Promise<void>;
} {
  const { core } = useApp();
  const [load, setLoad] = useState<SectionLoad>({ symbols: null, loading: true, failed: false });
  const latest = useRef(0);

  const reload = useCallback(async () => {
    // Only the newest call may set the state: a slow first load must not undo a refresh.
    const call = ++latest.current;
    setLoad((shown) => ({ ...shown, loading: true }));
    const outcome = await core.loadMarkets(section).catch(() => null);
    if (call !== latest.current) return;
    setLoad((shown) =>
      outcome?.ok
        ? { symbols: outcome.data.symbols, loading: false, failed: false }
        : { symbols: shown.symbols, loading: false, failed: true },
    );
  }, [core, section]);

  useEffect(() => {
    void reload();
    // Leaving the page (or the section) makes any answer still on its way stale.
    return () => {
      latest.current++;
    };
  }, [reload]);

  return { ...load, reload };
}
