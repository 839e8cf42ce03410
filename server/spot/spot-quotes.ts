// The liquidity provider over the spot markets whose writers run here. It is built anew whenever
// that set changes (a market's lease taken or given up), so it quotes exactly the markets this
// node writes; each market's first inventory is its share of a seed reckoned over every listed
// market, so where a market runs never changes what it is lent.
import type { Scheduler } from '../../core/scheduler.ts';
import type { Db } from '../db/database.ts';
import type { IndexSource } from '../market/printed-index.ts';
import type { ProviderSettings } from '../market-kernel/liquidity/liquidity-provider.ts';
import { LiquidityProvider } from '../market-kernel/liquidity/liquidity-provider.ts';
import {
  ensureProviderAccount,
  inventorySeed,
} from '../market-kernel/liquidity/provider-account.ts';
import type { MarketWriter } from './market-writer.ts';
import type { SpotMarket } from './spot-markets.ts';

export interface SpotQuotesOptions {
  settings: ProviderSettings;
  scheduler: Scheduler;
  log: { warn(details: object, message: string): void };
}

export interface QuotedWriters {
  /** The handle the provider's account is set up through. */
  db: Db;
  /** Every listed market: what the seed is shared over. */
  all: readonly SpotMarket[];
  /** The writers it quotes through. */
  writers: readonly MarketWriter[];
  indexOf(market: SpotMarket): IndexSource | undefined;
}

export class SpotQuotes {
  #provider: LiquidityProvider | undefined;

  constructor(private readonly options: SpotQuotesOptions) {}

  /** The provider's user id, once it has quoted. */
  get userId(): number | undefined {
    return this.#provider?.userId;
  }

  async start(quoted: QuotedWriters): Promise<void> {
    const { settings, scheduler, log } = this.options;
    const userId = await ensureProviderAccount(quoted.db);
    const markets = quoted.writers.flatMap((writer) => {
      const state = quoted.indexOf(writer.market);
      return state ? [{ writer, state }] : [];
    });
    this.#provider = new LiquidityProvider({
      seed: inventorySeed(quoted.db, userId, quoted.all, settings),
      userId,
      markets,
      settings,
      scheduler,
      log,
    });
    this.#provider.start();
  }

  async stop(): Promise<void> {
    await this.#provider?.stop();
    this.#provider = undefined;
  }

  /** Told of every committed fill: a quote that traded needs replacing. */
  noticeFills(
    symbol: string,
    fills: readonly { makerUserId: number; takerUserId: number }[],
  ): void {
    this.#provider?.noticeFills(symbol, fills);
  }
}
