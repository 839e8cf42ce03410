// Loads the second contract's markets through the worker (which then keeps their tickers live) and
// says which there are, whether a load is running, and whether the last one failed.
import { useWorker } from '../app/services.ts';
import { type SectionLoad, useSymbolsLoad } from '../market/use-market-section.ts';

export function useOptionBoard(): SectionLoad & { reload(): Promise<void> } {
  const core = useWorker();
  return useSymbolsLoad(['optionBoard'], () => core.loadOptionBoard());
}
