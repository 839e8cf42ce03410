// Binance spot as an upstream feed: one combined stream of trades and 100 ms depth diffs for the
// listed symbols, REST depth snapshots to start each book, the documented local-book procedure
// (binance-depth-sync.ts), and a connection that heals itself: backoff on loss, a new connection
// when the stream goes silent, every book fetched again after reconnecting.
import type { Scheduler, TimerHandle } from '../../../core/scheduler.ts';
import { nodeScheduler } from '../../scheduler.ts';
import type { FeedListener, MarketFeed } from '../feed.ts';
import { Backoff } from './backoff.ts';
import { DepthSync } from './binance-depth-sync.ts';
import {
  type DepthEvent,
  type DepthSnapshot,
  depthSnapshotSchema,
  parseStreamMessage,
  snapshotUrl,
  streamUrl,
  type TradeEvent,
  trimDecimal,
  trimLevels,
} from './binance-messages.ts';
import { consoleLogger, type FeedLogger } from './feed-logger.ts';
import { type CreateSocket, createWsSocket, type UpstreamSocket } from './upstream-socket.ts';

export type FetchLike = (
  url: string,
  init: { signal: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export interface BinanceFeedOptions {
  symbols: readonly string[];
  wsUrl?: string;
  restUrl?: string;
  createSocket?: CreateSocket;
  fetch?: FetchLike;
  scheduler?: Scheduler;
  logger?: FeedLogger;
}

export const binanceDefaults = {
  wsUrl: 'wss://stream.binance.com:9443',
  restUrl: 'https://api.binance.com',
  /** No message or ping for this long: the connection is dead even if the socket says otherwise. */
  silenceMs: 30_000,
  watchdogMs: 5_000,
  snapshotTimeoutMs: 10_000,
  /** Skipped messages are logged at most this often, with a count of the rest. */
  skipLogMs: 10_000,
} as const;

interface Book {
  symbol: string;
  sync: DepthSync<DepthEvent>;
  fetching: boolean;
  retry: TimerHandle | undefined;
  backoff: Backoff;
}

export function binanceFeed(options: BinanceFeedOptions): MarketFeed {
  return new BinanceFeed(options);
}

class BinanceFeed implements MarketFeed {
  readonly name = 'binance';
  readonly simulated = false;
  /** An exchange's live prints: nothing public tells the next one before it is printed. */
  readonly predictable = false;
  readonly #wsUrl: string;
  readonly #restUrl: string;
  readonly #createSocket: CreateSocket;
  readonly #fetch: FetchLike;
  readonly #scheduler: Scheduler;
  readonly #logger: FeedLogger;
  readonly #books = new Map<string, Book>();
  readonly #backoff = new Backoff();
  #listener: FeedListener | undefined;
  #stopped = false;
  /** Bumped on every connect and loss: events and snapshots of an older connection are ignored. */
  #generation = 0;
  #socket: UpstreamSocket | undefined;
  #openedAt: number | undefined;
  #lastHeard = 0;
  #abort = new AbortController();
  #reconnect: TimerHandle | undefined;
  #watchdog: TimerHandle | undefined;
  #skipped = 0;
  #lastSkipLog = Number.NEGATIVE_INFINITY;

  constructor(options: BinanceFeedOptions) {
    const symbols = [...new Set(options.symbols)];
    if (symbols.length === 0) throw new RangeError('the binance feed needs at least one symbol');
    for (const symbol of symbols) {
      if (!/^[A-Z0-9]{2,30}$/.test(symbol)) throw new RangeError(`not a symbol: ${symbol}`);
      this.#books.set(symbol, {
        symbol,
        sync: new DepthSync(),
        fetching: false,
        retry: undefined,
        backoff: new Backoff(),
      });
    }
    this.#wsUrl = options.wsUrl ?? binanceDefaults.wsUrl;
    this.#restUrl = options.restUrl ?? binanceDefaults.restUrl;
    this.#createSocket = options.createSocket ?? createWsSocket;
    this.#fetch = options.fetch ?? ((url, init) => fetch(url, init));
    this.#scheduler = options.scheduler ?? nodeScheduler;
    this.#logger = options.logger ?? consoleLogger;
  }

  start(listener: FeedListener): void {
    if (this.#listener) throw new Error('the binance feed was already started');
    this.#listener = listener;
    this.#watchdog = this.#scheduler.setInterval(
      () => this.#checkSilence(),
      binanceDefaults.watchdogMs,
    );
    this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    this.#generation += 1;
    if (this.#watchdog !== undefined) this.#scheduler.clearInterval(this.#watchdog);
    if (this.#reconnect !== undefined) this.#scheduler.clearTimeout(this.#reconnect);
    this.#resetBooks();
    this.#socket?.close();
    this.#socket = undefined;
  }

  #connect(): void {
    if (this.#stopped) return;
    this.#generation += 1;
    const generation = this.#generation;
    const current = () => generation === this.#generation;
    this.#resetBooks();
    this.#openedAt = undefined;
    this.#lastHeard = this.#scheduler.now();
    const url = streamUrl(this.#wsUrl, [...this.#books.keys()]);
    let socket: UpstreamSocket;
    try {
      socket = this.#createSocket(url, {
        open: () => current() && this.#opened(),
        message: (text) => current() && this.#received(text),
        alive: () => {
          if (current()) this.#lastHeard = this.#scheduler.now();
        },
        close: (detail) => current() && this.#lost(detail),
      });
    } catch (error) {
      this.#lost(`cannot connect: ${messageOf(error)}`);
      return;
    }
    if (current()) this.#socket = socket;
    else socket.close();
  }

  #opened(): void {
    this.#openedAt = this.#scheduler.now();
    this.#lastHeard = this.#openedAt;
    this.#logger.info({ url: this.#wsUrl }, 'binance stream connected');
    this.#listener?.status?.(true, `connected to ${this.#wsUrl}`);
  }

  #lost(detail: string): void {
    if (this.#stopped) return;
    this.#generation += 1;
    this.#socket?.close();
    this.#socket = undefined;
    this.#resetBooks();
    const upMs = this.#openedAt === undefined ? 0 : this.#scheduler.now() - this.#openedAt;
    const delay = this.#backoff.lostAfter(upMs);
    this.#logger.warn({ detail, retryInMs: delay }, 'binance stream lost');
    this.#listener?.status?.(false, `${detail}; reconnecting in ${delay / 1000} s`);
    this.#reconnect = this.#scheduler.setTimeout(() => {
      this.#reconnect = undefined;
      this.#connect();
    }, delay);
  }

  #checkSilence(): void {
    if (this.#socket === undefined) return;
    if (this.#scheduler.now() - this.#lastHeard >= binanceDefaults.silenceMs) {
      this.#lost(`no message for ${binanceDefaults.silenceMs / 1000} s`);
    }
  }

  #resetBooks(): void {
    this.#abort.abort();
    this.#abort = new AbortController();
    for (const book of this.#books.values()) {
      book.sync.reset();
      book.fetching = false;
      if (book.retry !== undefined) this.#scheduler.clearTimeout(book.retry);
      book.retry = undefined;
      book.backoff.reset();
    }
  }

  #received(text: string): void {
    this.#lastHeard = this.#scheduler.now();
    const parsed = parseStreamMessage(text);
    if (!parsed.ok) {
      this.#skip(parsed.problem, text);
      return;
    }
    const { event } = parsed;
    const book = this.#books.get(event.s);
    if (!book) {
      this.#skip(`a symbol not subscribed: ${event.s}`, text);
      return;
    }
    this.#guard(() => (event.e === 'trade' ? this.#trade(event) : this.#diff(book, event)));
  }

  #trade(event: TradeEvent): void {
    const price = trimDecimal(event.p);
    const side = event.m ? 'sell' : 'buy';
    this.#listener?.trade(event.s, price, trimDecimal(event.q), side, event.T);
    this.#listener?.price(event.s, price, event.T);
  }

  #diff(book: Book, event: DepthEvent): void {
    const verdict = book.sync.offer(event);
    if (verdict === 'apply') this.#update(event);
    else if (verdict === 'buffer') this.#requestSnapshot(book);
    else if (verdict === 'gap') {
      this.#logger.warn(
        { symbol: book.symbol, after: book.sync.lastUpdateId, next: event.U },
        'depth gap; fetching the book again',
      );
      this.#requestSnapshot(book);
    }
  }

  #update(event: DepthEvent): void {
    this.#listener?.depth(event.s, 'update', trimLevels(event.b), trimLevels(event.a), event.E);
  }

  #requestSnapshot(book: Book): void {
    if (book.fetching || book.retry !== undefined || this.#stopped) return;
    book.fetching = true;
    void this.#fetchSnapshot(book, this.#generation, this.#abort.signal);
  }

  async #fetchSnapshot(book: Book, generation: number, abort: AbortSignal): Promise<void> {
    let snapshot: DepthSnapshot;
    try {
      const signal = AbortSignal.any([
        abort,
        AbortSignal.timeout(binanceDefaults.snapshotTimeoutMs),
      ]);
      const response = await this.#fetch(snapshotUrl(this.#restUrl, book.symbol), { signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const parsed = depthSnapshotSchema.safeParse(await response.json());
      if (!parsed.success) throw new Error('not a depth snapshot');
      snapshot = parsed.data;
    } catch (error) {
      if (generation !== this.#generation) return;
      book.fetching = false;
      this.#retrySnapshot(book, `snapshot failed: ${messageOf(error)}`);
      return;
    }
    if (generation !== this.#generation) return;
    book.fetching = false;
    this.#guard(() => this.#applySnapshot(book, snapshot));
  }

  #applySnapshot(book: Book, snapshot: DepthSnapshot): void {
    const outcome = book.sync.accept(snapshot.lastUpdateId);
    if (outcome.result === 'too-old') {
      this.#retrySnapshot(book, 'snapshot older than the stream');
      return;
    }
    book.backoff.reset();
    const { symbol } = book;
    const now = this.#scheduler.now();
    this.#listener?.depth(
      symbol,
      'snapshot',
      trimLevels(snapshot.bids),
      trimLevels(snapshot.asks),
      now,
    );
    for (const diff of outcome.apply) this.#update(diff);
    if (outcome.result === 'gap') {
      this.#logger.warn({ symbol }, 'depth gap in the buffered diffs; fetching the book again');
      this.#requestSnapshot(book);
    }
  }

  #retrySnapshot(book: Book, reason: string): void {
    const delay = book.backoff.next();
    const generation = this.#generation;
    this.#logger.warn({ symbol: book.symbol, reason, retryInMs: delay }, 'depth snapshot retry');
    book.retry = this.#scheduler.setTimeout(() => {
      book.retry = undefined;
      if (generation === this.#generation) this.#requestSnapshot(book);
    }, delay);
  }

  #skip(problem: string, text: string): void {
    this.#skipped += 1;
    const now = this.#scheduler.now();
    if (now - this.#lastSkipLog < binanceDefaults.skipLogMs) return;
    this.#lastSkipLog = now;
    this.#logger.warn(
      { problem, sample: text.slice(0, 200), skipped: this.#skipped },
      'binance message skipped',
    );
    this.#skipped = 0;
  }

  /** A listener that throws must not take the connection (or the process) down with it. */
  #guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.#logger.error({ err: error }, 'market listener failed on a binance event');
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
