// Users' `deposits` frames: whoever changes a deposit (the chain watcher as its confirmations grow,
// the simulated chain, a reorganisation that drops it) calls `publishDeposit` once its change has
// committed, and the wallet's stream re-reads the row and sends it to its owner as it now stands;
// a credit sends the owner's new balance of that asset on `balances` too, since no other stream
// tells of a deposit's posting. The row is read again rather than passed in, so a caller needs to
// know nothing of the wire and a frame never carries a state that did not commit.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { PrivateSend, PrivateStream } from '../gateway/streams.ts';
import { balancesByUser } from '../ledger/balance-frames.ts';
import type { BalanceChange } from '../ledger/post.ts';
import { balancesOf } from './balances.ts';
import type { DepositRow } from './chain-deposits.ts';
import { listeningPublishers } from './listening-publishers.ts';
import { depositView } from './wallet-views.ts';

/** A deposit by its row, or as its chain names it (the transaction, and a token transfer's log). */
export type DepositKey =
  | { id: number }
  | {
      chain: string;
      txid: string;
      /** The transfer's log in its transaction; absent (or -1) for a native transfer. */
      logIndex?: number | undefined;
    };

interface Publisher {
  one(key: DepositKey): Promise<void>;
  /** Rows a change answered as it committed, and the balances it changed: sent as they are. */
  rows(rows: readonly DepositRow[], balances: readonly BalanceChange[]): void;
}

/**
 * The publishers listening, by the database they read: an engine module's database is a fenced
 * view of the app's (server/db/fenced-db.ts) with the same executor, so it reaches them too.
 */
const publishers = listeningPublishers<Publisher>();

/**
 * Sends the deposit's owner its current state, if a gateway listens on this node. Never throws:
 * a frame that could not be sent must not fail the change that caused it (the list still shows it).
 */
export async function publishDeposit(db: Db, key: DepositKey): Promise<void> {
  for (const publish of publishers.on(db)) await publish.one(key);
}

/**
 * Sends many changed deposits at once, as committed (a watcher's block of transfers), with the
 * credited accounts' new balances: no row is read again.
 */
export function publishDepositRows(
  db: Db,
  rows: readonly DepositRow[],
  balances: readonly BalanceChange[],
): void {
  if (rows.length === 0) return;
  for (const publish of publishers.on(db)) publish.rows(rows, balances);
}

export interface DepositFramesOptions {
  db: Db;
  /** The block explorer's page template (CHAIN_EXPLORER_TX_URL), when one is set. */
  explorer: string | undefined;
  log: FastifyBaseLogger;
}

/** The wallet's private stream of `deposits` frames (and the `balances` frame of a credit). */
export function depositFrames({ db, explorer, log }: DepositFramesOptions): PrivateStream {
  return publishers.stream(db, (send) => publisherOf(db, explorer, send, log));
}

function readDeposit(db: Db, key: DepositKey) {
  const rows = db.selectFrom('deposits').selectAll();
  if ('id' in key) return rows.where('id', '=', key.id).executeTakeFirst();
  return rows
    .where('chain', '=', key.chain)
    .where('txid', '=', key.txid)
    .where('log_index', '=', key.logIndex ?? -1)
    .executeTakeFirst();
}

function publisherOf(
  db: Db,
  explorer: string | undefined,
  send: PrivateSend,
  log: FastifyBaseLogger,
): Publisher {
  /**
   * What each deposit still confirming was last sent as: the watcher reports it every round, and
   * a round without a new block changes nothing worth a frame. Forgotten once it is credited or
   * dropped.
   */
  const lastSent = new Map<number, string>();
  const sendRow = (row: DepositRow, now: number): boolean => {
    const state = `${row.status}:${row.confirmations}`;
    if (lastSent.get(row.id) === state) return false;
    if (row.status === 'confirming') lastSent.set(row.id, state);
    else lastSent.delete(row.id);
    send(row.user_id, 'deposits', [depositView(row, explorer)], now);
    return true;
  };
  const rows = (changed: readonly DepositRow[], balances: readonly BalanceChange[]) => {
    const now = Date.now();
    for (const row of changed) sendRow(row, now);
    for (const [userId, data] of balancesByUser(balances)) send(userId, 'balances', data, now);
  };
  const one = async (key: DepositKey) => {
    try {
      const row = await readDeposit(db, key);
      if (!row) return;
      const now = Date.now();
      if (!sendRow(row, now) || row.status !== 'credited') return;
      const credited = (await balancesOf(db, row.user_id)).filter(
        (balance) => balance.wallet === 'funding' && balance.asset === row.asset,
      );
      if (credited.length > 0) send(row.user_id, 'balances', credited, now);
    } catch (error) {
      log.warn({ err: error, deposit: key }, 'a deposit frame was not sent');
    }
  };
  return { one, rows };
}
