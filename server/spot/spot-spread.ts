// What spot needs where its markets are spread over the nodes (SPREAD_MARKETS): each market's
// writer commits through a handle fenced by the market's lease, reads the index from the prints
// heard over the bus, puts every committed change of its book on the bus for the market data's
// node (book-relay.ts), and sells small balances handed over from the node that converts them
// (dust-sales.ts). A market data node that starts following asks every holder for its books again,
// so a book is whole however the leases and the engines moved before.
import { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import { type BusLog, listen } from '../bus/bus-messages.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import type { MarketService } from '../market/market-service.ts';
import type { RelayedPrints } from '../market/print-relay.ts';
import { type IndexSource, printedIndex } from '../market/printed-index.ts';
import { everyLevel } from '../matching/book-levels.ts';
import { followSpotBooks, publishSpotBook } from './book-relay.ts';
import { askDustSale, type DustSale, serveDustSales } from './dust-sales.ts';
import type { Committed, LevelQuantity, MarketWriter } from './market-writer.ts';
import type { SpotMarket } from './spot-markets.ts';

/** The lease of a spot market's writer. */
export function spotLease(symbol: string): string {
  return `spot:${symbol}`;
}

/** The market of a spot lease, or undefined for another lease. */
export function spotOf(lease: string): string | undefined {
  return lease.startsWith('spot:') ? lease.slice('spot:'.length) : undefined;
}

/** Asked by a market data node that starts following: every holder publishes its books whole. */
const resyncSubject = 'spot.book.resync';
const resyncRequest = z.object({});

export interface SpotSpreadOptions {
  bus: Bus;
  log: BusLog;
  market: MarketService;
  prints: RelayedPrints;
  /** A handle whose transactions commit only while this node holds `lease`. */
  leasedDb(lease: string): Db;
}

interface Held {
  writer: MarketWriter;
  epoch: number;
  stopSelling(): void;
}

export class SpotSpread {
  readonly #held = new Map<string, Held>();
  #following = false;
  #unfollow: (() => void) | undefined;

  constructor(private readonly options: SpotSpreadOptions) {
    // For as long as the bus is open, as the other followers on it.
    listen(options.bus, resyncSubject, resyncRequest, options.log, () => {
      for (const [symbol, held] of this.#held) this.#publishWhole(symbol, held);
    });
  }

  writerDb(symbol: string): Db {
    return this.options.leasedDb(spotLease(symbol));
  }

  indexOf(market: SpotMarket): IndexSource {
    return printedIndex(this.options.prints, market.symbol, market.priceScale);
  }

  /** Follows the index prints while some market is held here (its band and its quotes read them). */
  async startPrints(db: Db): Promise<void> {
    if (this.#following) return;
    await this.options.prints.start(db);
    this.#following = true;
  }

  stopPrints(): void {
    if (this.#following) this.options.prints.stop();
    this.#following = false;
  }

  /** A market's writer now runs here at `epoch`: it sells the small balances handed to it. */
  serve(symbol: string, writer: MarketWriter, epoch: number): void {
    const { bus, log } = this.options;
    const stopSelling = serveDustSales(
      bus,
      spotLease(symbol),
      (sale) => sellHere(writer, sale),
      log,
    );
    this.#held.set(symbol, { writer, epoch, stopSelling });
  }

  unserve(symbol: string): void {
    this.#held.get(symbol)?.stopSelling();
    this.#held.delete(symbol);
  }

  sellDustElsewhere(sale: DustSale) {
    return askDustSale(this.options.bus, spotLease(sale.symbol), sale);
  }

  publishBook(committed: Committed, epoch: number): void {
    const trades = committed.fills.map((fill) => ({
      price: fill.price,
      quantity: fill.quantity,
      side: fill.takerSide,
      ts: committed.ts,
    }));
    const { symbol } = committed.market;
    const { bids, asks } = committed;
    publishSpotBook(
      this.options.bus,
      { symbol, epoch, kind: 'update', bids, asks, trades },
      this.options.log,
    );
  }

  publishSnapshot(symbol: string, epoch: number, bids: LevelQuantity[], asks: LevelQuantity[]) {
    const change = { symbol, epoch, kind: 'snapshot' as const, bids, asks, trades: [] };
    publishSpotBook(this.options.bus, change, this.options.log);
  }

  /** On the market data's node: every market's book as its holder publishes it. */
  followBooks(): void {
    if (this.#unfollow) return;
    const { bus, log, market } = this.options;
    this.#unfollow = followSpotBooks(bus, market, log);
    bus.publish(resyncSubject, {});
  }

  unfollowBooks(): void {
    this.#unfollow?.();
    this.#unfollow = undefined;
  }

  #publishWhole(symbol: string, held: Held): void {
    const { writer, epoch } = held;
    this.publishSnapshot(
      symbol,
      epoch,
      everyLevel(writer.book, 'buy'),
      everyLevel(writer.book, 'sell'),
    );
  }
}

/** A sale heard on a market's subject is that market's: one naming another is refused. */
function sellHere(writer: MarketWriter, sale: DustSale) {
  if (sale.symbol !== writer.market.symbol) throw new BusinessError('market_unknown');
  return writer.sellDust(sale.userId, sale.quantity, sale.key);
}
