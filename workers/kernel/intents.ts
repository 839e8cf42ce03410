// Money-moving intents (withdraw, cancel, transfer, place, …): one idempotency key per intent, so
// the server runs it at most once however often the user retries after an answer that never came.
import { displayAmount, parseAmount } from '../../core/money.ts';
import { idempotencyKeyReusedCode } from '../../schemas/errors.ts';
import type { ApiFailure } from './api-client.ts';
import type { Outcome } from './outcome.ts';

/** How many unsettled intents keep their key; the oldest is forgotten first. */
const keptIntents = 20;

/**
 * One idempotency key per user intent. The intent is the call with its fields (amounts in canonical
 * form, secrets left out): a retry of it after an answer that never came sends the same key, so
 * the server runs it at most once. A definite answer settles it, and the next intent, even one
 * with the same fields, gets a fresh key.
 */
export class IntentKeys {
  readonly #keys = new Map<string, string>();
  readonly #newKey: () => string;

  constructor(newKey: () => string = () => crypto.randomUUID()) {
    this.#newKey = newKey;
  }

  keyFor(intent: string): string {
    const kept = this.#keys.get(intent);
    if (kept) return kept;
    const key = this.#newKey();
    this.#keys.set(intent, key);
    if (this.#keys.size > keptIntents) {
      const oldest = this.#keys.keys().next().value;
      if (oldest !== undefined) this.#keys.delete(oldest);
    }
    return key;
  }

  settle(intent: string, outcome: Outcome<unknown>): void {
    if (outcome.ok || !mayHaveRun(outcome.failure)) this.#keys.delete(intent);
  }
}

/**
 * Whether the server may have carried the call out although no success came back: no answer, an
 * answer that could not be read, or "key already used", which means an earlier try with this key
 * went through. Forgetting the key then could run the intent twice.
 */
export function mayHaveRun(failure: ApiFailure): boolean {
  if (failure.kind === 'business') return failure.code === idempotencyKeyReusedCode;
  return failure.kind !== 'session';
}

/** An amount as the server keeps it (`1.50` → `1.5`), so one intent has one body; else as typed. */
export function canonicalAmount(text: string): string {
  const trimmed = text.trim();
  const atoms = parseAmount(trimmed);
  return atoms === null ? trimmed : displayAmount(atoms);
}

/**
 * Sends a money-moving call once per intent: `intent` names it with its fields (what makes two
 * tries the same intent), `log` records it with its key, `send` carries the key as the
 * `Idempotency-Key` header.
 */
export type SendOnce = <T>(
  intent: readonly unknown[],
  log: (key: string) => void,
  send: (headers: Record<string, string>) => Promise<Outcome<T>>,
) => Promise<Outcome<T>>;

export function sendingOnce(keys: IntentKeys): SendOnce {
  return async (intent, log, send) => {
    const id = JSON.stringify(intent);
    const key = keys.keyFor(id);
    log(key);
    const outcome = await send({ 'Idempotency-Key': key });
    keys.settle(id, outcome);
    return outcome;
  };
}
