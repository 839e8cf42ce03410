// Users' `withdrawals` frames, and the `balances` frames of the wallet's own movements: whoever
// changes a withdrawal (the user's request or cancellation, the operator's review, the signer
// queue, the chain sender) or moves money between a user's accounts calls a publisher here once
// the change has committed; the wallet's stream reads the rows again and sends them to their owner
// as they now stand, so a frame never carries a state that did not commit. A withdrawal has its
// own channel rather than a kind of `deposits` frame: its row is another shape (a reason, a fee,
// a review), and a client that checks `deposits` frames would refuse it (docs/wallet.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Wallet } from '../db/tables.ts';
import type { PrivateSend, PrivateStream } from '../gateway/streams.ts';
import { balancesOf } from './balances.ts';
import { listeningPublishers } from './listening-publishers.ts';
import { withdrawalView } from './wallet-views.ts';

interface Publisher {
  withdrawal(id: number): Promise<void>;
  balances(userId: number, accounts: readonly Account[]): Promise<void>;
}

/** One of a user's accounts: a wallet and an asset. */
export interface Account {
  wallet: Wallet;
  asset: string;
}

/** The publishers listening, by the database they read. */
const publishers = listeningPublishers<Publisher>();

/**
 * Sends the withdrawal's owner its current state, and the funding balance of its asset (a review
 * unfreezes or spends what the request froze). Never throws: a frame that could not be sent must
 * not fail the change that caused it.
 */
export async function publishWithdrawal(db: Db, id: number): Promise<void> {
  for (const publish of publishers.on(db)) await publish.withdrawal(id);
}

/** Sends the user the newest state of the accounts a movement changed (a transfer's two). */
export async function publishBalances(
  db: Db,
  userId: number,
  accounts: readonly Account[],
): Promise<void> {
  for (const publish of publishers.on(db)) await publish.balances(userId, accounts);
}

export interface WalletFramesOptions {
  db: Db;
  /** The block explorer's page template (CHAIN_EXPLORER_TX_URL), when one is set. */
  explorer: string | undefined;
  log: FastifyBaseLogger;
}

/** The wallet's private stream of `withdrawals` frames and its movements' `balances` frames. */
export function walletFrames({ db, explorer, log }: WalletFramesOptions): PrivateStream {
  return publishers.stream(db, (send) => publisherOf(db, explorer, send, log));
}

function publisherOf(
  db: Db,
  explorer: string | undefined,
  send: PrivateSend,
  log: FastifyBaseLogger,
): Publisher {
  const sendBalances = async (userId: number, accounts: readonly Account[], now: number) => {
    const changed = (await balancesOf(db, userId)).filter((balance) =>
      accounts.some(({ wallet, asset }) => balance.wallet === wallet && balance.asset === asset),
    );
    if (changed.length > 0) send(userId, 'balances', changed, now);
  };
  return {
    async withdrawal(id) {
      try {
        const row = await db
          .selectFrom('withdrawals')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return;
        const now = Date.now();
        send(row.user_id, 'withdrawals', [withdrawalView(row, explorer)], now);
        await sendBalances(row.user_id, [{ wallet: 'funding', asset: row.asset }], now);
      } catch (error) {
        log.warn({ err: error, withdrawal: id }, 'a withdrawal frame was not sent');
      }
    },
    async balances(userId, accounts) {
      try {
        await sendBalances(userId, accounts, Date.now());
      } catch (error) {
        log.warn({ err: error, user: userId }, 'a balances frame was not sent');
      }
    },
  };
}
