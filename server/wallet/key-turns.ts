// Requests that carry the same idempotency key, run one after another in this process. A retry
// sent while its first copy still runs would check the same single-use code again (and count a try
// on it) and be refused; waiting its turn, it finds the first one's answer kept and gets that. A
// copy that reaches another node at the same moment can still be refused: a retry of it gets the
// answer.
export function keyTurns() {
  const tails = new Map<string, Promise<unknown>>();
  return async function inTurn<T>(name: string, run: () => Promise<T>): Promise<T> {
    const mine = (tails.get(name) ?? Promise.resolve()).then(run);
    const tail = mine.catch(() => undefined);
    tails.set(name, tail);
    try {
      return await mine;
    } finally {
      if (tails.get(name) === tail) tails.delete(name);
    }
  };
}
