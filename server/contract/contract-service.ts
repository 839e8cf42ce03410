// Perpetual contracts of the exchange: the engine over every perpetual's book (rebuilt from the
// database at start), the mark recorder that prices them and triggers liquidation, and the
// liquidity provider quoting each book around its index (server/market-kernel/liquidity/).
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler } from '../../core/scheduler.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { MarketService } from '../market/market-service.ts';
import type { MarketState } from '../market/market-state.ts';
import type { PrintRecorder } from '../market/print-recorder.ts';
import type { BookTradingSettings } from '../market-kernel/kernel-settings.ts';
import { LiquidityProvider } from '../market-kernel/liquidity/liquidity-provider.ts';
import {
  ensureProviderAccount,
  seedProvider,
} from '../market-kernel/liquidity/provider-account.ts';
import { type ContractCommitted, ContractEngine } from './contract-engine.ts';
import { contractMarketOf, priceAtoms } from './contract-markets.ts';
import type { ContractSettings } from './contract-settings.ts';
import { FundingClock, type PaidRound } from './funding-clock.ts';
import { MarkRecorder, type Recorded } from './mark-recorder.ts';
import { PerpetualCandles } from './perpetual-candles.ts';
import { PublicBooks } from './public-books.ts';

export interface ContractServiceOptions {
  db: Db;
  clock: Clock;
  scheduler: Scheduler;
  market: MarketService;
  prints: PrintRecorder;
  settings: ContractSettings;
  /** What every book market shares: the provider's ladder and switch, the batch size, referral shares. */
  trading: BookTradingSettings;
  log: FastifyBaseLogger;
}

export class ContractService {
  readonly engine: ContractEngine | undefined;
  readonly #recorder: MarkRecorder | undefined;
  readonly funding: FundingClock | undefined;
  /** The perpetuals' own books and trades as the public channels and calls show them. */
  readonly books: PublicBooks | undefined;
  /** Each perpetual's candles of its own trades (its last price), for its chart. */
  readonly candles: PerpetualCandles | undefined;
  #seeding: Promise<void> = Promise.resolve();
  readonly #listeners = new Set<(committed: ContractCommitted) => void>();
  readonly #marks = new Set<(rows: readonly Recorded[]) => void>();
  readonly #rounds = new Set<(round: PaidRound) => void>();
  #provider: LiquidityProvider | undefined;

  constructor(private readonly options: ContractServiceOptions) {
    const { settings, market } = options;
    if (!settings.enabled) return;
    const markets = market
      .markets()
      .map((state) =>
        contractMarketOf(
          state.spec,
          settings.minNotional,
          { makerPpm: settings.makerFeePpm, takerPpm: settings.takerFeePpm },
          settings.priceBand,
        ),
      );
    this.engine = new ContractEngine({
      db: options.db,
      clock: options.clock,
      markets,
      batchMax: options.trading.batchMax,
      marketBandPpm: settings.marketBandPpm,
      referralRatesPpm: options.trading.referralRatesPpm,
      log: options.log,
      onCommitted: (committed) => this.#committed(committed),
      onRebuilt: () => this.books?.rebuilt((symbol) => this.engine?.book(symbol)),
    });
    this.books = new PublicBooks(this.engine.markets.keys());
    this.candles = new PerpetualCandles(this.engine.markets);
    const funding = new FundingClock({
      db: options.db,
      engine: this.engine,
      market,
      scheduler: options.scheduler,
      settings: {
        intervalMs: settings.fundingIntervalMs,
        sampleMs: settings.fundingSampleMs,
        rule: settings.fundingRule,
        impactMargin: settings.impactMargin,
      },
      onPaid: (round) => {
        for (const listener of this.#rounds) listener(round);
      },
      log: options.log,
    });
    this.funding = funding;
    this.#recorder = new MarkRecorder({
      db: options.db,
      engine: this.engine,
      prints: options.prints,
      settings: {
        fundingIntervalMs: settings.fundingIntervalMs,
        lastFundingRate: (symbol) => funding.lastRate(symbol),
        basis: settings.markBasis,
      },
      onRecorded: (rows) => {
        for (const listener of this.#marks) listener(rows);
      },
      log: options.log,
    });
  }

  /** Told of every round of recorded marks. */
  onRecorded(listener: (rows: readonly Recorded[]) => void): () => void {
    this.#marks.add(listener);
    return () => this.#marks.delete(listener);
  }

  /** Told of every funding round paid. */
  onPaid(listener: (round: PaidRound) => void): () => void {
    this.#rounds.add(listener);
    return () => this.#rounds.delete(listener);
  }

  /** Told on every publication tick of the market data, as every book's changes are. */
  onPublish(listener: (now: number) => void): () => void {
    return this.options.market.onChanges((now) => listener(now));
  }

  onCommitted(listener: (committed: ContractCommitted) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async start(): Promise<void> {
    const { engine } = this;
    if (!engine) return;
    // Read back while the rest starts; a batch committed meanwhile waits for it (perpetual-candles.ts).
    this.#seeding = (
      this.candles?.seed(this.options.db, this.options.clock.now().getTime()) ?? Promise.resolve()
    ).catch((err: unknown) => this.options.log.error({ err }, 'perpetual candles not read back'));
    await engine.rebuild();
    await this.funding?.start();
    this.#recorder?.start();
    const { trading, settings, db, market } = this.options;
    if (!trading.liquidityProvider.enabled) return;
    const userId = await ensureProviderAccount(db);
    const { leverage, seedUsdt } = settings.provider;
    this.#provider = new LiquidityProvider({
      userId,
      seed: async () => {
        await seedProvider(db, userId, 'USDT', seedUsdt * 10n ** 8n, 'contract');
      },
      markets: engine.heldMarkets().map((contract) => ({
        writer: {
          market: contract,
          requote: (user, quotes, resting) =>
            engine.requote(user, contract.symbol, quotes, leverage, resting),
        },
        state: market.market(contract.symbol) as MarketState,
      })),
      settings: trading.liquidityProvider,
      scheduler: this.options.scheduler,
      log: this.options.log,
    });
    this.#provider.start();
  }

  async stop(): Promise<void> {
    await this.funding?.stop();
    await this.#recorder?.stop();
    await this.#provider?.stop();
    await this.engine?.idle();
    await this.#seeding;
  }

  #committed(committed: ContractCommitted): void {
    const { engine } = this;
    if (!engine) return;
    const bySymbol = new Map<string, typeof committed.effects.fills>();
    for (const fill of committed.effects.fills) {
      const market = engine.markets.get(fill.symbol);
      if (market) this.#recorder?.noticeTrade(fill.symbol, priceAtoms(market, fill.price));
      bySymbol.set(fill.symbol, [...(bySymbol.get(fill.symbol) ?? []), fill]);
    }
    this.books?.committed(committed, (symbol) => engine.book(symbol));
    this.candles?.committed(committed);
    for (const [symbol, fills] of bySymbol) this.#provider?.noticeFills(symbol, fills);
    for (const listener of this.#listeners) listener(committed);
  }
}
