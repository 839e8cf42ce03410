// Where the simulated market's random numbers come from. By default a secure source (node:crypto):
// nothing the feed printed, and no setting, tells what it draws next, so no one can compute the
// next price. A seeded source, for tests and replays only, is counter-based: the draw for (seed,
// stream, index) is a pure function of them, so a seed repeats a market exactly, and anyone who
// knows or recovers the seed (32 bits, from a few prints) can compute every price in advance.
import { randomFillSync } from 'node:crypto';
import { wordAt } from '../../matching/word-at.ts';

export interface NoiseSource {
  /** True when the draws can be computed from public data (a known seed): a feed on it is predictable. */
  readonly predictable: boolean;
  /** Uniform in (0, 1), never 0, so its logarithm is finite. */
  uniform(stream: number, index: number): number;
  /** Standard normal. */
  normal(stream: number, index: number): number;
  /**
   * A standard normal that answers the same for the same stream and index while the source lives:
   * what must stay put between the draws that read it (a day's regime, a resting book level).
   */
  held(stream: number, index: number): number;
}

/** A 32-bit avalanche hash of three integers (the finaliser of MurmurHash3 over a simple mix). */
function hash3(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ c, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const twoTo32 = 4_294_967_296;

/** A uniform in (0, 1) from 32 random bits: never 0 nor 1. */
function unit(bits: number): number {
  return (bits + 0.5) / twoTo32;
}

/** Box–Muller over two independent uniforms. */
function boxMuller(u: number, v: number): number {
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * The repeatable source: every draw a pure function of (seed, stream, index), so the market for a
 * seed can be drawn for any moment without replaying the moments before it. Predictable by design.
 */
export function seededNoise(seed: number): NoiseSource {
  const uniform = (stream: number, index: number) => unit(hash3(seed, stream, index));
  const normal = (stream: number, index: number) =>
    boxMuller(uniform(stream, index * 2), uniform(stream, index * 2 + 1));
  // Pure already: the same key always draws the same value.
  return { predictable: true, uniform, normal, held: normal };
}

export interface SecureNoiseOptions {
  /** Random 32-bit words fetched from the operating system at a time. */
  bufferWords?: number;
  /** Held values kept per stream; the oldest is forgotten past this (drawn afresh if asked again). */
  heldPerStream?: number;
}

/**
 * The live source: every draw is fresh cryptographic randomness, read in buffered blocks (one
 * system call per few thousand draws). The stream and index only name what is held.
 */
export function secureNoise(options: SecureNoiseOptions = {}): NoiseSource {
  const words = new Uint32Array(options.bufferWords ?? 4096);
  const heldPerStream = options.heldPerStream ?? 4096;
  let next = words.length;
  const bits = (): number => {
    if (next === words.length) {
      randomFillSync(words);
      next = 0;
    }
    return wordAt(words, next++);
  };
  const uniform = () => unit(bits());
  const normal = () => boxMuller(uniform(), uniform());
  const heldByStream = new Map<number, Map<number, number>>();
  const held = (stream: number, index: number): number => {
    let values = heldByStream.get(stream);
    if (!values) {
      values = new Map();
      heldByStream.set(stream, values);
    }
    let value = values.get(index);
    if (value === undefined) {
      value = normal();
      values.set(index, value);
      // A map keeps insertion order: the first key is the oldest. A stream's keys move forward
      // (days, book epochs), so the oldest is the one no draw reads again.
      const oldest = values.size > heldPerStream ? values.keys().next() : undefined;
      if (oldest && !oldest.done) values.delete(oldest.value);
    }
    return value;
  };
  return { predictable: false, uniform, normal, held };
}

/** Streams keep a market's price, trades and book from drawing the same numbers. */
export const streams = {
  price: 1,
  jump: 2,
  jumpSize: 3,
  trades: 4,
  tradeSize: 5,
  regime: 6,
  level: 7,
  levelLife: 8,
} as const;

/** One stream id per market and purpose. */
export function streamOf(marketIndex: number, purpose: number): number {
  return marketIndex * 16 + purpose;
}
