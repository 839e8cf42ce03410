// The real chains: when an Ethereum node is configured (CHAIN_EVM_RPC_URL), its deposit watcher
// reads ETH and ERC-20 USDT deposits into the wallet. Without one the module runs only the
// proof-of-reserves schedule, the wallet's simulated chain stays the only source of deposits, and
// its operator calls still answer (from the database). An engine module, so one node reads and
// sends.

import { defineModule } from '../module.ts';
import type { OpsCall } from '../ops/ops-call.ts';
import { chainSchedules } from './chain-schedules.ts';
import { evmClient } from './evm/evm-client.ts';
import { EvmWatcher } from './evm/evm-watcher.ts';
import { evmSending } from './evm/sending.ts';
import { chainStatusOps } from './evm/status-ops.ts';
import { sweepOps } from './evm/sweep-ops.ts';
import { evmSweeping } from './evm/sweeping.ts';
import { incidentOps } from './incident-ops.ts';
import { reconcileOps } from './reconcile-ops.ts';
import { atOnce, Repeat, runAll } from './repeat.ts';

export const chainModule = defineModule({
  name: 'chain',
  engine: true,
  create(context) {
    // Each part of the chain's machinery adds its operator calls here.
    const ops: OpsCall[] = [];
    ops.push(...incidentOps(context));
    ops.push(...chainStatusOps(context));
    ops.push(...sweepOps(context));
    ops.push(...reconcileOps(context));
    // The reconciliation and the proof-of-reserves snapshots, on their schedules.
    const schedules = chainSchedules(context);
    const settings = context.config.chain.evm;
    if (!settings) return { ops, ...runAll(schedules) };
    const watcher = new EvmWatcher({
      db: context.db,
      client: evmClient(settings.rpcUrl),
      settings,
      log: context.log,
    });
    // Rounds one after another, each the poll interval after the last ended: a slow node never
    // has two rounds reading at once.
    const watching = new Repeat({
      name: 'the Ethereum deposit watcher',
      task: () => watcher.round(),
      everyMs: settings.pollMs,
      scheduler: context.scheduler,
      log: context.log,
      firstDelayMs: atOnce,
      ready: async () => {
        await watcher.checkNetwork();
        return true;
      },
    });
    const client = evmClient(settings.rpcUrl);
    return {
      ops,
      ...runAll([
        watching,
        evmSending(context, settings, client),
        evmSweeping(context, settings, client),
        ...schedules,
      ]),
    };
  },
});
