// At most `concurrency` jobs at once, the rest waiting in order, and at most `maxWaiting` of those.
// Image re-encoding runs through one: libvips already works off the event loop, on libuv's thread
// pool, but that pool (4 threads unless UV_THREADPOOL_SIZE) also does file reads, DNS look-ups and
// password hashing, which must not wait behind a queue of images (docs/identity.md).

/** The queue is full: the job was not started and nothing of it ran. */
export class QueueFullError extends Error {
  constructor() {
    super('work queue full');
    this.name = 'QueueFullError';
  }
}

export interface WorkQueue {
  /** Runs `job` when a place is free; rejects with QueueFullError at once when none can be had. */
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function workQueue(concurrency: number, maxWaiting: number): WorkQueue {
  let running = 0;
  const waiting: Array<() => void> = [];

  // A finishing job hands its place to the first waiting one (`running` stays the same), so no
  // newcomer can slip in between and the order is kept.
  const next = () => {
    const first = waiting.shift();
    if (first) first();
    else running--;
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++;
      else if (waiting.length < maxWaiting)
        await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new QueueFullError();
      try {
        return await job();
      } finally {
        next();
      }
    },
  };
}
