// Wires the sweeper into the chain module, its rounds one after another every poll interval (two
// rounds never queue for one address at once). It runs only where something can sign its sends (a
// signer is configured, server/chain/signer/signer-of.ts); without one, deposits stay on their
// addresses and nothing is queued that could never go.
import type { PublicClient } from 'viem';
import type { ModuleContext } from '../../module.ts';
import type { EvmSettings } from '../chain-settings.ts';
import { atOnce, Repeat } from '../repeat.ts';
import { signerConfigured } from '../signer/signer-of.ts';
import { EvmSweeper } from './sweeper.ts';

export function evmSweeping(
  context: ModuleContext,
  settings: EvmSettings,
  client: PublicClient,
): Repeat {
  const sweeper = new EvmSweeper({
    db: context.db,
    client,
    settings,
    accountXpub: context.config.walletXpubs.ethereum.xpub,
    log: context.log,
  });
  return new Repeat({
    name: 'the sweeper',
    task: async () => {
      await sweeper.round();
    },
    everyMs: settings.pollMs,
    scheduler: context.scheduler,
    log: context.log,
    firstDelayMs: atOnce,
    ready: async () => {
      if (signerConfigured(context.config)) return true;
      context.log.info('no signer is configured: deposit addresses are not swept');
      return false;
    },
  });
}
