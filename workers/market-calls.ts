// The market data the worker loads over HTTP: a section's tickers (then kept live on the socket),
// a market's candles a page at a time, its recent trades. Requests and answers go into the log,
// where the projections fold them.
import type { NewEvent } from '../core/event-log.ts';
import { home } from '../schemas/api/content.schema.ts';
import {
  contractMarkets,
  type KlinePeriod,
  kline,
  secondMarkets,
  spotMarkets,
  trades,
} from '../schemas/api/market.schema.ts';
import type { MarketSection, Outcome } from './facade.ts';
import type { CallApi } from './wallet-handlers.ts';

/** Candles per request: a screen's worth first, larger pages when dragging back. */
const firstPage = 300;
const olderPage = 500;

const sectionEndpoints = {
  spot: spotMarkets,
  contract: contractMarkets,
  option: secondMarkets,
} as const;

export interface MarketDeps {
  call: CallApi;
  record(event: NewEvent): void;
  subscribe(channels: string[]): void;
}

export class MarketCalls {
  readonly #deps: MarketDeps;

  constructor(deps: MarketDeps) {
    this.#deps = deps;
  }

  async loadMarkets(section: MarketSection): Promise<Outcome<{ symbols: string[] }>> {
    this.#deps.record({ source: 'intent', type: 'markets-requested', payload: { section } });
    const outcome =
      section === 'home'
        ? await this.#deps.call(home, {})
        : await this.#deps.call(sectionEndpoints[section], {});
    if (!outcome.ok) return outcome;
    const list = 'list' in outcome.data ? outcome.data.list : outcome.data.tickers;
    const { simulated } = outcome.data;
    const figures = 'figures' in outcome.data ? outcome.data.figures : undefined;
    this.#deps.record({
      source: 'api',
      type: 'markets',
      payload: { section, simulated, list, ...(figures ? { figures } : {}) },
    });
    const symbols = list.map((ticker) => ticker.symbol);
    // Tickers stay subscribed for the session: a handful of small frames, shown on many pages.
    this.#deps.subscribe(symbols.map((symbol) => `ticker.${symbol}`));
    return { ok: true, data: { symbols } };
  }

  async fetchCandles(symbol: string, period: KlinePeriod, before: number | null): Promise<void> {
    this.#deps.record({
      source: 'intent',
      type: 'kline-requested',
      payload: { symbol, period, before },
    });
    const limit = before === null ? firstPage : olderPage;
    const outcome = await this.#deps.call(kline, {
      symbol,
      period,
      limit,
      ...(before === null ? {} : { before }),
    });
    const payload = outcome.ok
      ? {
          ok: true,
          candles: outcome.data.candles,
          feed: outcome.data.feed,
          simulated: outcome.data.simulated,
        }
      : { ok: false };
    this.#deps.record({
      source: 'api',
      type: 'kline',
      payload: { symbol, period, before, limit, ...payload },
    });
  }

  async fetchTrades(symbol: string): Promise<void> {
    const outcome = await this.#deps.call(trades, { symbol, limit: 50 });
    if (outcome.ok) {
      this.#deps.record({ source: 'api', type: 'trades', payload: outcome.data });
    }
  }
}
