// What the chain module runs on a schedule, on the one node that holds the engines lease: the
// reconciliation of on-chain holdings with the ledger every CHAIN_RECONCILE_MS (with a real chain
// only), warning when holdings fall below liabilities or a difference is unexplained, and a
// proof-of-reserves snapshot every CHAIN_POR_MS once there are users (docs/wallet.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler } from '../../core/scheduler.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { publishSnapshot } from '../reserves/publish-snapshot.ts';
import { NoUsersError } from '../reserves/take-snapshot.ts';
import { holdingsSource } from './holdings-source.ts';
import { reconcileEvm, reconciliationJson } from './reconcile.ts';
import { Repeat } from './repeat.ts';

export interface ChainSchedulesContext {
  db: Db;
  config: Config;
  clock: Clock;
  scheduler: Scheduler;
  log: FastifyBaseLogger;
}

/** Logs the reconciliation: a warning names what is short or unexplained, per asset. */
export async function reconcileAndLog(context: ChainSchedulesContext): Promise<void> {
  const source = holdingsSource(context.db, context.config);
  if (!source) return;
  const report = reconciliationJson(await reconcileEvm(source));
  const short = report.assets.filter((asset) => !asset.covered);
  if (short.length > 0) {
    context.log.warn(
      { reconciliation: report, short: short.map((asset) => asset.asset) },
      "on-chain holdings are below the ledger's liabilities",
    );
  }
  if (!report.ok) {
    context.log.warn(
      { reconciliation: report },
      'the reconciliation has an unexplained difference',
    );
  }
  if (short.length === 0 && report.ok) {
    context.log.info({ reconciliation: report }, 'on-chain holdings reconciled with the ledger');
  }
}

async function snapshotAndLog(context: ChainSchedulesContext): Promise<void> {
  try {
    const snapshot = await publishSnapshot(context.db, context.config);
    context.log.info(
      { snapshot: snapshot.id, hash: snapshot.root.hash, holdings: snapshot.holdings !== null },
      'proof-of-reserves snapshot published',
    );
  } catch (error) {
    // No users yet: nothing to prove, and nothing wrong.
    if (error instanceof NoUsersError) return;
    throw error;
  }
}

export function chainSchedules(context: ChainSchedulesContext): Repeat[] {
  const { config, scheduler, log } = context;
  const repeats: Repeat[] = [];
  if (config.chain.evm && config.chain.reconcileMs > 0) {
    repeats.push(
      new Repeat({
        name: 'the reconciliation',
        task: () => reconcileAndLog(context),
        everyMs: config.chain.reconcileMs,
        scheduler,
        log,
      }),
    );
  }
  if (config.chain.proofOfReservesMs > 0) {
    repeats.push(
      new Repeat({
        name: 'the proof-of-reserves snapshot',
        task: () => snapshotAndLog(context),
        everyMs: config.chain.proofOfReservesMs,
        scheduler,
        log,
        // Due an interval after the latest snapshot, whenever the server started since.
        firstDelayMs: async () => {
          const latest = await context.db
            .selectFrom('reserve_snapshots')
            .select('created_at')
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst();
          if (!latest) return config.chain.proofOfReservesMs;
          const due = latest.created_at.getTime() + config.chain.proofOfReservesMs;
          return due - context.clock.now().getTime();
        },
      }),
    );
  }
  return repeats;
}
