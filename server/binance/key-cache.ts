// The door's live API keys, kept in memory a few seconds so that a bot's burst of calls does not
// read its key from the database at each one (docs/api-binance.md § "Signed requests"). Deleting a
// key must refuse its next call at once, on every node: the deleting node publishes the key on the
// bus and every node forgets it; a key's entry lapses after `ttlMs` anyway, so a lost message
// leaves a deleted key usable for at most that long. An unknown key is not kept: a caller guessing
// keys meets the database, and the weights, each time.
import { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import { type BusLog, listen } from '../bus/bus-messages.ts';
import type { DoorKey } from './signed-request.ts';

export const revokedKeySubject = 'door.key.revoked';
const revokedKey = z.object({ apiKey: z.string().min(1).max(64) });

export interface KeyCacheOptions {
  resolve(apiKey: string): Promise<DoorKey | null>;
  bus: Bus;
  log: BusLog;
  now(): number;
  /** How long a key read from the database is used without reading it again. */
  ttlMs?: number;
  /** Keys kept at most; past it the oldest read is dropped. */
  maxKeys?: number;
}

export class KeyCache {
  readonly #keys = new Map<string, { key: DoorKey; until: number }>();
  readonly #ttlMs: number;
  readonly #maxKeys: number;
  #unlisten: (() => void) | undefined;

  constructor(private readonly options: KeyCacheOptions) {
    this.#ttlMs = options.ttlMs ?? 10_000;
    this.#maxKeys = options.maxKeys ?? 10_000;
  }

  start(): void {
    const { bus, log } = this.options;
    this.#unlisten = listen(bus, revokedKeySubject, revokedKey, log, ({ apiKey }) =>
      this.#keys.delete(apiKey),
    );
  }

  stop(): void {
    this.#unlisten?.();
    this.#keys.clear();
  }

  /** The live key `apiKey`, from memory while its entry holds, else from the database. */
  async resolve(apiKey: string): Promise<DoorKey | null> {
    const now = this.options.now();
    const kept = this.#keys.get(apiKey);
    if (kept && kept.until > now) return kept.key;
    this.#keys.delete(apiKey);
    const key = await this.options.resolve(apiKey);
    if (!key) return null;
    if (this.#keys.size >= this.#maxKeys) {
      const oldest = this.#keys.keys().next();
      if (!oldest.done) this.#keys.delete(oldest.value);
    }
    this.#keys.set(apiKey, { key, until: now + this.#ttlMs });
    return key;
  }
}

/** Tells every node's cache that `apiKey` is deleted. */
export function publishRevokedKey(bus: Bus, apiKey: string): void {
  bus.publish(revokedKeySubject, { apiKey } satisfies z.infer<typeof revokedKey>);
}
