// Which rows a market list shows: its section's markets, in the section's order, narrowed by the
// search box.
import type { MarketRow } from '../../workers/facade.ts';

/** `btc/usdt`, `BTC-USDT` and `btcusdt` all mean the wire symbol `BTCUSDT`. */
export function normaliseQuery(query: string): string {
  return query.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function filterRows(rows: readonly MarketRow[], query: string): readonly MarketRow[] {
  const wanted = normaliseQuery(query);
  if (wanted === '') return rows;
  return rows.filter(([symbol]) => symbol.includes(wanted));
}

/**
 * The `market` view holds every market the worker follows; a section shows those its load named,
 * in that order, as soon as each has a row.
 */
export function sectionRows(
  rows: readonly MarketRow[],
  symbols: readonly string[],
): readonly MarketRow[] {
  const bySymbol = new Map(rows.map((row) => [row[0], row]));
  return symbols.flatMap((symbol) => {
    const row = bySymbol.get(symbol);
    return row ? [row] : [];
  });
}
