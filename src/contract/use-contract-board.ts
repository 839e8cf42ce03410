// Loads the futures board through the worker (which then keeps its tickers live) and says which
// perpetuals it has, whether a load is running, and whether the last one failed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApp } from '../app/app-context.tsx';
import type { SectionLoad } from '../market/use-market-section.ts';

export function useContractBoard(): SectionLoad & { reload(): Promise<void> } {
  const { core } = useApp();
  const [load, setLoad] = useState<SectionLoad>({ symbols: null, loading: true, failed: false });
  const latest = useRef(0);

  const reload = useCallback(async () => {
    // Only the newest call may set the state: a slow first load must not undo a refresh.
    const call = ++latest.current;
    setLoad((shown) => ({ ...shown, loading: true }));
    const outcome = await core.loadContractBoard().catch(() => null);
    if (call !== latest.current) return;
    setLoad((shown) =>
      outcome?.ok
        ? { symbols: outcome.data.symbols, loading: false, failed: false }
        : { symbols: shown.symbols, loading: false, failed: true },
    );
  }, [core]);

  useEffect(() => {
    void reload();
    return () => {
      latest.current++;
    };
  }, [reload]);

  return { ...load, reload };
}
