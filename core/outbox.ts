// Messages sent while the socket is closed wait here and leave, in order, once it opens
// (docs/product.md §8).

export class Outbox<T> {
  #queue: T[] = [];

  enqueue(message: T): void {
    this.#queue.push(message);
  }

  /** Hands over everything queued, oldest first, and empties the queue. */
  drain(): T[] {
    const queued = this.#queue;
    this.#queue = [];
    return queued;
  }

  get size(): number {
    return this.#queue.length;
  }
}
