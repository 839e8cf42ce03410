// Counter-based random numbers: the value for (seed, stream, index) is a pure function of them, so
// the simulated market can be drawn for any moment without replaying the moments before it.

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

/** Uniform in (0, 1), never 0, so its logarithm is finite. */
export function uniform(seed: number, stream: number, index: number): number {
  return (hash3(seed, stream, index) + 0.5) / 4_294_967_296;
}

/** Standard normal by Box–Muller over two independent uniforms. */
export function normal(seed: number, stream: number, index: number): number {
  const u = uniform(seed, stream, index * 2);
  const v = uniform(seed, stream, index * 2 + 1);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
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
