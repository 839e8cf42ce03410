// The real chains: when an Ethereum node is configured (CHAIN_EVM_RPC_URL), its deposit watcher
// reads ETH and ERC-20 USDT deposits into the wallet. Without one the module runs nothing and the
// wallet's simulated chain stays the only source of deposits; its operator calls still answer
// (from the database). An engine module, so one node reads and sends.

import { defineModule } from '../module.ts';
import type { OpsCall } from '../ops/ops-call.ts';
import { evmClient } from './evm/evm-client.ts';
import { EvmLoop } from './evm/evm-loop.ts';
import { EvmWatcher } from './evm/evm-watcher.ts';

export const chainModule = defineModule({
  name: 'chain',
  engine: true,
  create(context) {
    // Each part of the chain's machinery adds its operator calls here.
    const ops: OpsCall[] = [];
    const settings = context.config.chain.evm;
    if (!settings) return { ops };
    const watcher = new EvmWatcher({
      db: context.db,
      client: evmClient(settings.rpcUrl),
      settings,
      log: context.log,
    });
    const loop = new EvmLoop(watcher, context.scheduler, settings.pollMs, context.log);
    return {
      ops,
      start: async () => loop.start(),
      stop: () => loop.stop(),
    };
  },
});
