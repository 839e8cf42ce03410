// A database handle whose every transaction first passes a check inside itself: the engines' own,
// whose check is that this node still holds their lease (server/cluster/engine-lease.ts). Writes
// that matter (money, orders, settlements) all go through transactions, so a node that lost the
// lease cannot commit one. Statements outside a transaction pass unchecked.
import type { Kysely, Transaction, TransactionBuilder } from 'kysely';
import type { Database } from './tables.ts';

export type TransactionCheck = (trx: Transaction<Database>) => Promise<void>;

export function fencedDb(db: Kysely<Database>, check: TransactionCheck): Kysely<Database> {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'transaction') return () => fencedBuilder(target.transaction(), check);
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function fencedBuilder(
  builder: TransactionBuilder<Database>,
  check: TransactionCheck,
): TransactionBuilder<Database> {
  return new Proxy(builder, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
          target.execute(async (trx) => {
            await check(trx);
            return work(trx);
          });
      }
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      // Settings (isolation level, access mode) answer a new builder: it is checked too.
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        // A builder's setting answers a builder (the only result with `execute`); a Proxy's
        // reflected call is untyped, so that is said here.
        return result && typeof result === 'object' && 'execute' in result
          ? fencedBuilder(result as TransactionBuilder<Database>, check)
          : result;
      };
    },
  });
}
