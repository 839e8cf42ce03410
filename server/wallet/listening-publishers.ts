// The publishers of a private stream, by the database they read, known by its query executor: a
// change is published to every stream listening on the database it was written to, and two apps in
// one process (an engine node and its peer in the tests) never hear each other's changes.
import type { Db } from '../db/database.ts';
import type { PrivateSend, PrivateStream } from '../gateway/streams.ts';

export interface ListeningPublishers<Publisher> {
  /** The publishers listening on the database `db` writes to. */
  on(db: Db): Iterable<Publisher>;
  /** A private stream that, while it runs, listens on `db` with the publisher `make` builds. */
  stream(db: Db, make: (send: PrivateSend) => Publisher): PrivateStream;
}

export function listeningPublishers<Publisher>(): ListeningPublishers<Publisher> {
  const byExecutor = new WeakMap<object, Set<Publisher>>();
  return {
    on: (db) => byExecutor.get(db.getExecutor()) ?? [],
    stream: (db, make) => ({
      start(send) {
        const publish = make(send);
        const executor = db.getExecutor();
        const mine = byExecutor.get(executor) ?? new Set<Publisher>();
        mine.add(publish);
        byExecutor.set(executor, mine);
        return () => {
          mine.delete(publish);
        };
      },
    }),
  };
}
