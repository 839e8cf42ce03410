// Wires the sweeper into the chain module: it runs only where something can sign its sends (a
// signer is configured, server/chain/signer/signer-of.ts); without one, deposits stay on their
// addresses and nothing is queued that could never go.
import type { PublicClient } from 'viem';
import type { ModuleContext } from '../../module.ts';
import type { EvmSettings } from '../chain-settings.ts';
import { signerConfigured } from '../signer/signer-of.ts';
import { EvmSweeper } from './sweeper.ts';
import { SweeperLoop } from './sweeper-loop.ts';

export function evmSweeping(
  context: ModuleContext,
  settings: EvmSettings,
  client: PublicClient,
): { start(): void; stop(): Promise<void> } {
  if (!signerConfigured(context.config)) {
    return {
      start: () => context.log.info('no signer is configured: deposit addresses are not swept'),
      stop: async () => {},
    };
  }
  const sweeper = new EvmSweeper({
    db: context.db,
    client,
    settings,
    accountXpub: context.config.walletXpubs.ethereum.xpub,
    log: context.log,
  });
  return new SweeperLoop(sweeper, context.scheduler, settings.pollMs, context.log);
}
