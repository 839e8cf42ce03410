// The memory the levels' order queues live in: 64-byte chunks of one growable Int32Array, each
// 15 queue entries (an order slot) and a link to the queue's next chunk (its first position). A
// position is an index into the array (chunk × 16 + entry). Chunks are pooled on a free list through their link, so a
// whole queue is freed in O(1) by splicing its chain onto the list.
import { NONE } from './slot.ts';
import { wordAt } from './word-at.ts';

/** Ints per chunk; the last one is the link. */
export const CHUNK = 16;
/** Position of the link within a chunk. */
export const LINK = CHUNK - 1;
const MIN_CHUNKS = 64;

export class QueueChunks {
  /** Entries and links; read and written directly by the level store. */
  entries: Int32Array;
  private capacity: number;
  private used = 0;
  /** First position of the first free chunk, or NONE. */
  private free = NONE;
  private live = 0;

  constructor(expected: number) {
    this.capacity = Math.max(MIN_CHUNKS, expected);
    this.entries = new Int32Array(this.capacity * CHUNK);
  }

  /** Chunks in use, for tests. */
  get inUse(): number {
    return this.live;
  }

  /** A chunk; answers its first position. */
  allocate(): number {
    this.live++;
    const start = this.free;
    if (start !== NONE) {
      this.free = wordAt(this.entries, start + LINK);
      return start;
    }
    if (this.used === this.capacity) {
      this.capacity *= 2;
      const entries = new Int32Array(this.capacity * CHUNK);
      entries.set(this.entries);
      this.entries = entries;
    }
    return this.used++ * CHUNK;
  }

  /** Frees the chain of `chunks` chunks from the one holding `first` to the one holding `last`. */
  releaseChain(first: number, last: number, chunks: number): void {
    // Links hold chunk start positions, in a queue and on the free list alike.
    this.entries[(last & ~LINK) + LINK] = this.free;
    this.free = first & ~LINK;
    this.live -= chunks;
  }
}
