// The liquidity provider: an account that keeps a ladder of quotes around each market's index
// price so users always find someone to trade with. It trades through the same writer, freezes
// and settles like any user, and moves its quotes only when the index has moved or a quote was
// taken. When the index is stale it withdraws its quotes rather than quote a price nobody prints.
// It never trades with itself: its ladder never crosses, it cancels before it places, and the
// engine's self-trade prevention stands behind both.
import type { Transaction } from 'kysely';
import { parseAmount } from '../../../core/money.ts';
import type { Scheduler } from '../../../core/scheduler.ts';
import { baseAtoms, quoteAtoms } from '../../../core/spot/spot-math.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import type { MarketState } from '../../market/market-state.ts';
import type { MarketWriter } from '../market-writer.ts';
import type { Fill } from '../settlement.ts';
import { type LadderSettings, ladder, type Quote } from './ladder.ts';
import { seedProvider } from './provider-account.ts';

export interface ProviderSettings {
  spreadBps: number;
  stepBps: number;
  levels: number;
  /** Value of one level, in whole quote-asset units (USDT). */
  levelQuote: bigint;
  refreshMs: number;
  /** Quote-asset amount lent from the treasury at first start (whole units); 0 lends nothing. */
  seedQuote: bigint;
}

export interface ProviderMarket {
  writer: MarketWriter;
  state: MarketState;
}

interface QuotedMarket extends ProviderMarket {
  /** The index the resting ladder was built around; null when nothing rests. */
  center: number | null;
  /** A quote was taken or cancelled by someone else's order since the last requote. */
  disturbed: boolean;
}

export class LiquidityProvider {
  readonly #markets: QuotedMarket[];
  readonly #db: Db;
  readonly #userId: number;
  readonly #settings: ProviderSettings;
  readonly #scheduler: Scheduler;
  readonly #log: { warn(details: object, message: string): void };
  #timer: unknown;
  #running: Promise<void> = Promise.resolve();
  #stopped = false;
  /** Assets already lent from the treasury (the ledger's unique reference is the real guard). */
  readonly #seeded = new Set<string>();

  constructor(options: {
    db: Db;
    userId: number;
    markets: readonly ProviderMarket[];
    settings: ProviderSettings;
    scheduler: Scheduler;
    log: { warn(details: object, message: string): void };
  }) {
    this.#db = options.db;
    this.#userId = options.userId;
    this.#settings = options.settings;
    this.#scheduler = options.scheduler;
    this.#log = options.log;
    this.#markets = options.markets.map((market) => ({ ...market, center: null, disturbed: true }));
  }

  get userId(): number {
    return this.#userId;
  }

  start(): void {
    this.#timer = this.#scheduler.setInterval(() => {
      this.#running = this.#running.then(() => this.refresh());
    }, this.#settings.refreshMs);
    this.#running = this.#running.then(() => this.refresh());
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#scheduler.clearInterval(this.#timer);
    await this.#running;
  }

  /** Told of every committed fill: a quote that traded needs replacing. */
  noticeFills(symbol: string, fills: readonly Fill[]): void {
    const mine = fills.some(
      (fill) => fill.makerUserId === this.#userId || fill.takerUserId === this.#userId,
    );
    if (!mine) return;
    const market = this.#markets.find((candidate) => candidate.writer.market.symbol === symbol);
    if (market) market.disturbed = true;
  }

  /** One pass over the markets: requotes those whose index moved or whose quotes were taken. */
  async refresh(): Promise<void> {
    for (const market of this.#markets) {
      if (this.#stopped) return;
      try {
        await this.#refreshMarket(market);
      } catch (error) {
        this.#log.warn({ err: error, symbol: market.writer.market.symbol }, 'requote failed');
        market.disturbed = true;
      }
    }
  }

  async #refreshMarket(market: QuotedMarket): Promise<void> {
    const index = market.state.indexAt(this.#scheduler.now());
    const live = index.price !== null && !index.stale ? index.price : null;
    if (!market.disturbed && !this.#movedEnough(market.center, live)) return;
    if (live !== null) await this.#seed(market, live);
    const { writer } = market;
    // The flag is cleared before the turn: a quote taken while it runs flags the next pass.
    market.disturbed = false;
    await writer.exclusive((turn) =>
      this.#db.transaction().execute(async (trx) => {
        const wanted =
          live === null ? [] : ladder(live, writer.market.rules, this.#ladderSettings(market));
        const keep = new Set<string>();
        for (const order of turn.restingOf(this.#userId)) {
          const key = `${order.side}:${order.price}:${order.remaining}`;
          if (!keep.has(key) && wanted.some((quote) => keyOf(quote) === key)) keep.add(key);
          else await turn.cancel(trx, this.#userId, order.orderId);
        }
        const budget = await this.#available(trx, market);
        for (const quote of wanted) {
          if (keep.has(keyOf(quote))) continue;
          const cost =
            quote.side === 'buy'
              ? quoteAtoms(quote.price * quote.quantity, writer.market)
              : baseAtoms(quote.quantity, writer.market);
          const asset = quote.side === 'buy' ? 'quote' : 'base';
          if (budget[asset] < cost) continue;
          budget[asset] -= cost;
          await turn.place(trx, { userId: this.#userId, type: 'limit', ...quote });
        }
      }),
    );
    market.center = live;
  }

  /** Requote once the index has moved half a step from where the ladder was built. */
  #movedEnough(center: number | null, live: number | null): boolean {
    if (center === null || live === null) return center !== live;
    return Math.abs(live - center) * 20_000 >= center * this.#settings.stepBps;
  }

  #ladderSettings(market: QuotedMarket): LadderSettings {
    const { priceScale, quantityScale } = market.writer.market;
    return {
      spreadBps: this.#settings.spreadBps,
      stepBps: this.#settings.stepBps,
      levels: this.#settings.levels,
      levelQuote: Number(this.#settings.levelQuote * 10n ** BigInt(priceScale + quantityScale)),
    };
  }

  /** Lends the first inventory: the quote asset once, and each base worth an equal share. */
  async #seed(market: QuotedMarket, price: number): Promise<void> {
    const { seedQuote } = this.#settings;
    if (seedQuote === 0n) return;
    const { base, quote, priceScale, quantityScale } = market.writer.market;
    const seedAtoms = seedQuote * 10n ** 8n;
    await this.#seedOnce(quote, seedAtoms);
    // An equal share of the quote seed's worth in each base: atoms of quote / price = atoms of base.
    const share = seedAtoms / BigInt(this.#markets.length);
    const baseAmount = (share * 10n ** BigInt(priceScale)) / BigInt(price);
    const lot = 10n ** BigInt(8 - quantityScale);
    await this.#seedOnce(base, (baseAmount / lot) * lot);
  }

  async #seedOnce(asset: string, amount: bigint): Promise<void> {
    if (this.#seeded.has(asset)) return;
    await seedProvider(this.#db, this.#userId, asset, amount);
    this.#seeded.add(asset);
  }

  async #available(
    trx: Transaction<Database>,
    market: QuotedMarket,
  ): Promise<{ base: bigint; quote: bigint }> {
    const { base, quote } = market.writer.market;
    const rows = await trx
      .selectFrom('ledger_accounts')
      .select(['asset', 'available'])
      .where('user_id', '=', this.#userId)
      .where('wallet', '=', 'funding')
      .where('asset', 'in', [base, quote])
      .forUpdate()
      .execute();
    const of = (asset: string) =>
      parseAmount(rows.find((row) => row.asset === asset)?.available ?? '0') ?? 0n;
    return { base: of(base), quote: of(quote) };
  }
}

function keyOf(quote: Quote): string {
  return `${quote.side}:${quote.price}:${quote.quantity}`;
}
