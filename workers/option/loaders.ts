// What the second contract's pages load: its markets with their tickers and durations
// (`/market/second`), what is offered (`/option/products`), and, signed in, the open contracts, the
// newest settled ones (the record), the balances and the daily loss limit; the prints of an open
// contract's opening window; a contract's verification. Requests and answers go into the log,
// where the projections fold them.
import type { OptionList } from '../../core/option/events.ts';
import { recentKept } from '../../core/projections/option-records.ts';
import { secondMarkets } from '../../schemas/api/market.schema.ts';
import {
  optionLimits,
  optionOrders,
  optionProducts,
  optionVerify,
} from '../../schemas/api/option.schema.ts';
import { marketPrints } from '../../schemas/api/prints.schema.ts';
import type { DomainContext } from '../kernel/context.ts';
import type { Outcome } from '../kernel/outcome.ts';
import { recordSection } from '../market/loaders.ts';
import { loadBalances } from '../wallet/loaders.ts';

/** Open contracts a refresh loads: the largest page the server gives (above any open limit). */
const openPage = 100;

type Context = Pick<DomainContext, 'call' | 'record' | 'loggedIn' | 'channels'>;

export async function loadBoard(context: Context): Promise<Outcome<{ symbols: string[] }>> {
  context.record({ source: 'intent', type: 'markets-requested', payload: { section: 'option' } });
  const outcome = await context.call(secondMarkets, {});
  if (!outcome.ok) return outcome;
  const symbols = recordSection(context, 'option', outcome.data);
  context.record({
    source: 'api',
    type: 'option-durations',
    payload: { list: outcome.data.durations },
  });
  return { ok: true, data: { symbols } };
}

export async function loadOffer(context: Context) {
  context.record({ source: 'intent', type: 'option-products-requested', payload: null });
  const outcome = await context.call(optionProducts, {});
  if (outcome.ok) context.record({ source: 'api', type: 'option-products', payload: outcome.data });
  return outcome;
}

export async function listContracts(
  context: Context,
  status: OptionList,
  page: number,
  size: number,
) {
  const query = { status, page, size };
  context.record({ source: 'intent', type: 'option-contracts-requested', payload: query });
  const outcome = await context.call(optionOrders, query);
  if (outcome.ok) {
    context.record({
      source: 'api',
      type: 'option-contracts',
      payload: { ...query, answer: outcome.data },
    });
  }
  return outcome;
}

export async function loadLimits(context: Context) {
  context.record({ source: 'intent', type: 'option-limits-requested', payload: null });
  const outcome = await context.call(optionLimits, {});
  if (outcome.ok) context.record({ source: 'api', type: 'option-limits', payload: outcome.data });
  return outcome;
}

/** The prints recorded in a window of a market (the opening window of an open contract). */
export async function loadPrints(context: Context, symbol: string, from: number, to: number) {
  const window = { symbol, from, to };
  context.record({ source: 'intent', type: 'option-prints-requested', payload: window });
  const outcome = await context.call(marketPrints, window);
  if (outcome.ok) {
    context.record({
      source: 'api',
      type: 'option-prints',
      payload: { ...window, prints: outcome.data.prints },
    });
  }
  return outcome;
}

export async function loadVerification(context: Context, id: number) {
  context.record({ source: 'intent', type: 'option-verify-requested', payload: { id } });
  const outcome = await context.call(optionVerify, { id });
  if (outcome.ok) {
    context.record({ source: 'api', type: 'option-verification', payload: outcome.data });
  }
  return outcome;
}

/** The trade page's data: the markets and what is offered; signed in, the user's part too. */
export async function refreshOption(context: Context): Promise<Outcome<null>> {
  const loads: Promise<Outcome<unknown>>[] = [loadBoard(context), loadOffer(context)];
  if (context.loggedIn()) {
    loads.push(
      listContracts(context, 'current', 1, openPage),
      listContracts(context, 'history', 1, recentKept),
      loadBalances(context),
      loadLimits(context),
    );
  }
  const outcomes = await Promise.all(loads);
  const failed = outcomes.find((outcome) => !outcome.ok);
  return failed && !failed.ok ? failed : { ok: true, data: null };
}
