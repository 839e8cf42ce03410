// What a socket client did wrong, written to the log without letting the client write the log:
// a few lines per level, then at most one a while; the lines left out are counted and the count
// goes with the next line written (or a last one when the connection ends). Levels have their own
// allowance, so a flood of refusals at `debug` cannot hide the `warn` line that closes it.
import type { FastifyBaseLogger } from 'fastify';
import { TokenBucket } from './token-bucket.ts';

/** Lines one connection may cause per level: a burst, then one every 10 s. */
export const clientLogBurst = 5;
export const clientLogPerSecond = 0.1;

/** The two levels a client's doings are logged at: none of them is the server's own error. */
export type ClientLogLevel = 'debug' | 'warn';

export type GatewayLogger = Pick<FastifyBaseLogger, ClientLogLevel>;

export class ClientLog {
  readonly #log: GatewayLogger;
  readonly #buckets: Record<ClientLogLevel, TokenBucket>;
  readonly #now: () => number;
  #suppressed = 0;

  constructor(log: GatewayLogger, now: () => number) {
    this.#log = log;
    this.#now = now;
    const at = now();
    this.#buckets = {
      debug: new TokenBucket(clientLogPerSecond, clientLogBurst, at),
      warn: new TokenBucket(clientLogPerSecond, clientLogBurst, at),
    };
  }

  debug(details: Record<string, unknown>, msg: string): void {
    this.#write('debug', details, msg);
  }

  warn(details: Record<string, unknown>, msg: string): void {
    this.#write('warn', details, msg);
  }

  /** Writes how many lines were left out since the last one, if any: the connection ended. */
  flush(): void {
    if (this.#suppressed === 0) return;
    this.#log.debug({ suppressed: this.#suppressed }, 'socket client: lines left out');
    this.#suppressed = 0;
  }

  #write(level: ClientLogLevel, details: Record<string, unknown>, msg: string): void {
    if (!this.#buckets[level].take(this.#now())) {
      this.#suppressed += 1;
      return;
    }
    const suppressed = this.#suppressed;
    this.#suppressed = 0;
    this.#log[level](suppressed > 0 ? { ...details, suppressed } : details, msg);
  }
}

/** For a gateway given no logger (a benchmark): nothing is written. */
export const silentLogger: GatewayLogger = { debug: () => {}, warn: () => {} };
