// The door's market parameters and numbers, as Binance reads and writes them (docs/api-binance.md
// § "Spot market data"): `symbol` (one market), `symbols` (a JSON array of them), and decimals
// written with Binance's eight places. Shared by the spot rules (`exchangeInfo`) and the market
// data endpoints, so both refuse a symbol in the same words.
import { z } from 'zod';
import { BinanceError, binanceCodes } from '../binance/errors.ts';

/** Binance's own check of a symbol's spelling: anything else is -1100, not an unknown symbol. */
const symbolSpelling = /^[A-Z0-9-_.]{1,20}$/;

export const symbolParam = z.string().regex(symbolSpelling);

/** `["BTCUSDT","ETHUSDT"]`, as ccxt and Binance's own clients send it; a malformed list is -1100. */
export const symbolsParam = z.string().transform((text, context) => {
  const list = readJson(text);
  const parsed = z.array(symbolParam).min(1).safeParse(list);
  if (!parsed.success) {
    context.addIssue({ code: 'custom', message: 'not a JSON array of symbols' });
    return z.NEVER;
  }
  return parsed.data;
});

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The parameters of an endpoint answering one market, some, or every one. */
export const symbolChoiceParams = z.object({
  symbol: symbolParam.optional(),
  symbols: symbolsParam.optional(),
});

export const invalidSymbol = () => new BinanceError(binanceCodes.BAD_SYMBOL, 'Invalid symbol.');

/** Binance's refusal of `symbol` and `symbols` sent together. */
export const symbolAndSymbols = () =>
  new BinanceError(
    -1128,
    "Combination of optional parameters invalid. Recommendation: 'symbols' and 'symbol' should not be sent together.",
  );

/**
 * The markets a call asks for, in the order asked (every one, in listing order, when it names
 * none): `symbol` alone answers one market, `symbols` a list. A name not listed is -1121.
 */
export function chooseMarkets<M>(
  choice: { symbol?: string | undefined; symbols?: readonly string[] | undefined },
  all: readonly M[],
  symbolOf: (market: M) => string,
): { single: boolean; markets: M[] } {
  const { symbol, symbols } = choice;
  if (symbol !== undefined && symbols !== undefined) throw symbolAndSymbols();
  if (symbol === undefined && symbols === undefined) return { single: false, markets: [...all] };
  const bySymbol = new Map(all.map((market) => [symbolOf(market), market]));
  const wanted = symbol === undefined ? (symbols ?? []) : [symbol];
  const markets = [...new Set(wanted)].map((name) => {
    const market = bySymbol.get(name);
    if (market === undefined) throw invalidSymbol();
    return market;
  });
  return { single: symbol !== undefined, markets };
}
