// Wires the hot wallet's sender into the chain module: the signer the configuration names
// (server/chain/signer/signer-of.ts), the node's chain id, and its rounds, one after another every
// poll interval (two rounds never sign at once). Without a signer the platform signs nothing and
// queued sends wait.
import type { PublicClient } from 'viem';
import type { ModuleContext } from '../../module.ts';
import type { EvmSettings } from '../chain-settings.ts';
import { atOnce, Repeat } from '../repeat.ts';
import { signerOf } from '../signer/signer-of.ts';
import { optionalAddressOf } from './hex-text.ts';
import { EvmSender } from './sender.ts';

export function evmSending(
  context: ModuleContext,
  settings: EvmSettings,
  client: PublicClient,
): Repeat {
  let sender: EvmSender | undefined;
  return new Repeat({
    name: 'the Ethereum sender',
    task: async () => sender?.round(),
    everyMs: settings.pollMs,
    scheduler: context.scheduler,
    log: context.log,
    firstDelayMs: atOnce,
    ready: async () => {
      const signer = await signerOf(context.config);
      if (!signer) {
        context.log.info('no signer is configured: nothing is sent on Ethereum');
        return false;
      }
      sender = new EvmSender({
        db: context.db,
        client,
        signer,
        chainId: settings.chainId ?? (await client.getChainId()),
        usdt: optionalAddressOf(settings.usdtAddress),
        settings,
        log: context.log,
        now: () => context.clock.now().getTime(),
      });
      return true;
    },
  });
}
