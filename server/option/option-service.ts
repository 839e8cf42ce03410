// The second contract of the exchange: the writer over every contract (rebuilt from the database
// at start), the settler that decides them on each round of index prints, and the pool seeded
// from the treasury at first start. Whether new contracts open is decided once, from the settings
// and the feeds (option-gate.ts): the feeds do not change while the server runs.
import type { Db } from '../db/database.ts';
import type { MarketService } from '../market/market-service.ts';
import type { PrintRecorder } from '../market/print-recorder.ts';
import { poolFundReference } from './ledger-kinds.ts';
import { type OptionClosure, optionClosure } from './option-gate.ts';
import { fundPool } from './option-pool.ts';
import type { OptionSettings } from './option-settings.ts';
import { OptionSettler } from './option-settler.ts';
import { type OptionCommitted, OptionWriter } from './option-writer.ts';

export interface OptionServiceOptions {
  db: Db;
  now(): number;
  market: MarketService;
  prints: PrintRecorder;
  settings: OptionSettings;
  batchMax: number;
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

export class OptionService {
  readonly writer: OptionWriter;
  readonly settler: OptionSettler;
  readonly symbols: readonly string[];
  readonly settings: OptionSettings;
  /** Why no new contract opens, or null while they do. */
  readonly closure: OptionClosure | null;
  readonly #listeners = new Set<(committed: OptionCommitted) => void>();

  constructor(private readonly options: OptionServiceOptions) {
    this.settings = options.settings;
    this.closure = optionClosure(options.settings, options.market.predictable);
    this.symbols = options.settings.enabled
      ? options.market.markets().map((state) => state.spec.symbol)
      : [];
    this.writer = new OptionWriter({
      db: options.db,
      settings: options.settings,
      symbols: new Set(this.symbols),
      feedPredictable: options.market.predictable,
      now: options.now,
      latestPrint: (symbol) => options.prints.latest(symbol),
      batchMax: options.batchMax,
      onCommitted: (committed) => {
        for (const listener of this.#listeners) listener(committed);
      },
      log: options.log,
    });
    this.settler = new OptionSettler({
      db: options.db,
      writer: this.writer,
      now: options.now,
      onPrints: (listener) => options.prints.onRecorded(listener),
      log: options.log,
    });
  }

  onCommitted(listener: (committed: OptionCommitted) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Contracts opened before a stop are settled whether or not new ones may be placed. */
  async start(): Promise<void> {
    await this.writer.rebuild();
    if (this.options.settings.enabled) {
      await fundPool(
        this.options.db,
        this.options.settings.poolSeed,
        poolFundReference.build({ funding: 'seed' }),
      );
    }
    this.settler.start();
  }

  async stop(): Promise<void> {
    await this.settler.stop();
    await this.writer.idle();
  }
}
