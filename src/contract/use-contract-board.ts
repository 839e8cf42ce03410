// Loads the futures board through the worker (which then keeps its tickers live) and says which
// perpetuals it has, whether a load is running, and whether the last one failed.
import { useWorker } from '../app/services.ts';
import { type SectionLoad, useSymbolsLoad } from '../market/use-market-section.ts';

export function useContractBoard(): SectionLoad & { reload(): Promise<void> } {
  const core = useWorker();
  return useSymbolsLoad(['contractBoard'], () => core.loadContractBoard());
}
