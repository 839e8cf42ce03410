// Spot trading of the exchange: one writer per listed market, their books rebuilt from the
// database at start, the public book and trades of each market fed from them after every commit,
// the private order and balance changes handed to whoever listens (the socket gateway), and the
// liquidity provider quoting around the index.
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler } from '../../core/scheduler.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { MarketService } from '../market/market-service.ts';
import type { MarketState } from '../market/market-state.ts';
import { LiquidityProvider } from '../market-kernel/liquidity/liquidity-provider.ts';
import {
  ensureProviderAccount,
  inventorySeed,
} from '../market-kernel/liquidity/provider-account.ts';
import { everyLevel } from '../matching/book-levels.ts';
import type { OrderBook } from '../matching/order-book.ts';
import { type Committed, MarketWriter } from './market-writer.ts';
import { type SpotMarket, spotMarketOf } from './spot-markets.ts';
import type { SpotSettings } from './spot-settings.ts';

export type CommittedListener = (committed: Committed) => void;

export interface SpotServiceOptions {
  db: Db;
  clock: Clock;
  scheduler: Scheduler;
  market: MarketService;
  settings: SpotSettings;
  log: FastifyBaseLogger;
}

export class SpotService {
  readonly #options: SpotServiceOptions;
  readonly #writers = new Map<string, MarketWriter>();
  readonly #listeners = new Set<CommittedListener>();
  #provider: LiquidityProvider | undefined;

  constructor(options: SpotServiceOptions) {
    this.#options = options;
    if (!options.settings.enabled) return;
    const { makerFeePpm, takerFeePpm, minNotional } = options.settings;
    for (const state of options.market.markets()) {
      const market = spotMarketOf(
        state.spec,
        minNotional,
        { makerPpm: makerFeePpm, takerPpm: takerFeePpm },
        options.settings.priceBand,
      );
      this.#writers.set(
        market.symbol,
        new MarketWriter(market, {
          db: options.db,
          clock: options.clock,
          referralRatesPpm: options.settings.referralRatesPpm,
          batchMax: options.settings.batchMax,
          // The last index even when stale: the band is wide, and a stale index is the last price
          // anyone printed.
          reference: () => state.indexAt(options.clock.now().getTime()).price,
          log: options.log,
          onCommitted: (committed) => this.#committed(state, committed),
          onRebuilt: (_, book) => publishSnapshot(state, book),
        }),
      );
    }
  }

  get enabled(): boolean {
    return this.#writers.size > 0;
  }

  markets(): SpotMarket[] {
    return [...this.#writers.values()].map((writer) => writer.market);
  }

  writer(symbol: string): MarketWriter | undefined {
    return this.#writers.get(symbol);
  }

  /** The liquidity provider's user id, when one quotes. */
  get providerId(): number | undefined {
    return this.#provider?.userId;
  }

  onCommitted(listener: CommittedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async start(): Promise<void> {
    const { market, settings } = this.#options;
    for (const writer of this.#writers.values()) {
      market.market(writer.market.symbol)?.useExchangeBook();
      await writer.rebuild();
    }
    if (!this.enabled || !settings.liquidityProvider.enabled) return;
    const userId = await ensureProviderAccount(this.#options.db);
    const writers = [...this.#writers.values()];
    this.#provider = new LiquidityProvider({
      seed: inventorySeed(
        this.#options.db,
        userId,
        writers.map((writer) => writer.market),
        settings.liquidityProvider,
      ),
      userId,
      markets: writers.map((writer) => ({
        writer,
        state: market.market(writer.market.symbol) as MarketState,
      })),
      settings: settings.liquidityProvider,
      scheduler: this.#options.scheduler,
      log: this.#options.log,
    });
    this.#provider.start();
  }

  async stop(): Promise<void> {
    await this.#provider?.stop();
    await Promise.all([...this.#writers.values()].map((writer) => writer.idle()));
  }

  #committed(state: MarketState, committed: Committed): void {
    for (const fill of committed.fills) {
      state.exchangeTrade({
        price: fill.price,
        quantity: fill.quantity,
        side: fill.takerSide,
        ts: committed.ts,
      });
    }
    state.exchangeDepth('update', committed.bids, committed.asks);
    this.#provider?.noticeFills(committed.market.symbol, committed.fills);
    for (const listener of this.#listeners) listener(committed);
  }
}

function publishSnapshot(state: MarketState, book: OrderBook): void {
  state.exchangeDepth('snapshot', everyLevel(book, 'buy'), everyLevel(book, 'sell'));
}
