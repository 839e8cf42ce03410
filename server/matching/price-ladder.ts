// The non-empty price levels of one book side, keyed by tick index (price / tickSize): a radix
// tree of 32-way nodes, each with a 32-bit mask of its non-empty children, stored in typed arrays.
// A tick index of up to 2^53 is split into 5-bit digits from the top; the tree's depth follows
// from the market's largest tick (6 for 10^8 ticks, 7 for 10^10), and only the paths to levels
// that exist are allocated. Finding, adding and removing a level, the best level (highest or
// lowest set bit at each depth) and the next level after a given one all cost one step per
// depth, whatever the number of levels: no sorted array to shift, no window to re-centre.
// Nodes near the top of the book are shared by the levels there and stay in cache.
import { NONE } from './slot.ts';
import { wordAt } from './word-at.ts';

const FANOUT = 32;
const BITS = 5;
/** 2^-30, exact: splits a tick index into two 30-bit halves without rounding. */
const INV_2_30 = 9.313225746154785e-10;
const TWO_30 = 1_073_741_824;

export class PriceLadder {
  /** Levels of the tree; the last one's children are level slots. */
  private readonly depth: number;
  /** Per depth, the bit position of its digit in the tick index. */
  private readonly shifts: Int32Array;
  /** Per node, FANOUT entries: child node, or level slot at the last depth. */
  private children: Int32Array;
  /** Per node, bit d set when child d exists. Node 0 is the root. */
  private masks: Int32Array;
  private capacity = 16;
  private used = 1;
  private free = NONE;
  /** Scratch for remove() and neighbour(): the nodes on the path to a tick. */
  private readonly path: Int32Array;

  constructor(maxTick: number) {
    let bits = 1;
    while (2 ** bits <= maxTick) bits++;
    this.depth = Math.ceil(bits / BITS);
    this.shifts = new Int32Array(this.depth);
    for (let d = 0; d < this.depth; d++) this.shifts[d] = BITS * (this.depth - 1 - d);
    this.path = new Int32Array(this.depth);
    this.children = new Int32Array(this.capacity * FANOUT);
    this.masks = new Int32Array(this.capacity);
  }

  /** The level slot at `tick`, or NONE. */
  get(tick: number): number {
    const high = (tick * INV_2_30) | 0;
    const low = tick - high * TWO_30;
    let node = 0;
    for (let d = 0; d < this.depth; d++) {
      const digit = digitOf(low, high, wordAt(this.shifts, d));
      if ((wordAt(this.masks, node) & (1 << digit)) === 0) return NONE;
      node = wordAt(this.children, node * FANOUT + digit);
    }
    return node;
  }

  /** Puts `level` at `tick`, which must be empty. */
  add(tick: number, level: number): void {
    const high = (tick * INV_2_30) | 0;
    const low = tick - high * TWO_30;
    const last = this.depth - 1;
    let node = 0;
    for (let d = 0; d < last; d++) {
      const digit = digitOf(low, high, wordAt(this.shifts, d));
      const mask = wordAt(this.masks, node);
      if ((mask & (1 << digit)) === 0) {
        const child = this.allocate();
        this.children[node * FANOUT + digit] = child;
        this.masks[node] = mask | (1 << digit);
      }
      node = wordAt(this.children, node * FANOUT + digit);
    }
    const digit = digitOf(low, high, wordAt(this.shifts, last));
    this.children[node * FANOUT + digit] = level;
    this.masks[node] = wordAt(this.masks, node) | (1 << digit);
  }

  /** Removes the level at `tick`, which must exist, and frees nodes left empty. */
  remove(tick: number): void {
    const high = (tick * INV_2_30) | 0;
    const low = tick - high * TWO_30;
    const path = this.path;
    let node = 0;
    for (let d = 0; d < this.depth; d++) {
      path[d] = node;
      if (d < this.depth - 1) {
        node = wordAt(this.children, node * FANOUT + digitOf(low, high, wordAt(this.shifts, d)));
      }
    }
    for (let d = this.depth - 1; d >= 0; d--) {
      node = wordAt(path, d);
      const digit = digitOf(low, high, wordAt(this.shifts, d));
      const mask = wordAt(this.masks, node) & ~(1 << digit);
      this.masks[node] = mask;
      if (mask !== 0 || d === 0) return;
      this.release(node);
    }
  }

  /** The level with the highest tick, or NONE when the side is empty. */
  highest(): number {
    if (this.masks[0] === 0) return NONE;
    let node = 0;
    for (let d = 0; d < this.depth; d++) {
      node = wordAt(this.children, node * FANOUT + highestBit(wordAt(this.masks, node)));
    }
    return node;
  }

  /** The level with the lowest tick, or NONE when the side is empty. */
  lowest(): number {
    if (this.masks[0] === 0) return NONE;
    let node = 0;
    for (let d = 0; d < this.depth; d++) {
      node = wordAt(this.children, node * FANOUT + lowestBit(wordAt(this.masks, node)));
    }
    return node;
  }

  /**
   * The level with the nearest tick below `tick` (`upwards` false) or above it (true), or NONE.
   * `tick` itself need not hold a level.
   */
  neighbour(tick: number, upwards: boolean): number {
    const high = (tick * INV_2_30) | 0;
    const low = tick - high * TWO_30;
    const path = this.path;
    // Follow the path to `tick` as far as it exists.
    let node = 0;
    let reached = 0;
    for (; reached < this.depth; reached++) {
      path[reached] = node;
      const digit = digitOf(low, high, wordAt(this.shifts, reached));
      if (reached === this.depth - 1 || (wordAt(this.masks, node) & (1 << digit)) === 0) break;
      node = wordAt(this.children, node * FANOUT + digit);
    }
    // The deepest node on that path with a child beyond the path's digit leads to the answer.
    for (let d = reached; d >= 0; d--) {
      node = wordAt(path, d);
      const digit = digitOf(low, high, wordAt(this.shifts, d));
      const beyond = wordAt(this.masks, node) & (upwards ? -2 << digit : ~(-1 << digit));
      if (beyond === 0) continue;
      node = wordAt(
        this.children,
        node * FANOUT + (upwards ? lowestBit(beyond) : highestBit(beyond)),
      );
      for (let below = d + 1; below < this.depth; below++) {
        const mask = wordAt(this.masks, node);
        node = wordAt(
          this.children,
          node * FANOUT + (upwards ? lowestBit(mask) : highestBit(mask)),
        );
      }
      return node;
    }
    return NONE;
  }

  private allocate(): number {
    let node = this.free;
    if (node !== NONE) {
      this.free = wordAt(this.children, node * FANOUT);
    } else {
      if (this.used === this.capacity) this.grow();
      node = this.used++;
    }
    this.masks[node] = 0;
    return node;
  }

  private release(node: number): void {
    this.children[node * FANOUT] = this.free;
    this.free = node;
  }

  private grow(): void {
    this.capacity *= 2;
    const children = new Int32Array(this.capacity * FANOUT);
    children.set(this.children);
    this.children = children;
    const masks = new Int32Array(this.capacity);
    masks.set(this.masks);
    this.masks = masks;
  }
}

/** The 5-bit digit at bit `shift` of the tick index whose halves are `low` and `high`. */
function digitOf(low: number, high: number, shift: number): number {
  return shift < 30 ? (low >>> shift) & 31 : (high >>> (shift - 30)) & 31;
}

function highestBit(mask: number): number {
  return 31 - Math.clz32(mask);
}

function lowestBit(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}
