// Wires the hot wallet's sender into the chain module: the signer the configuration names
// (server/chain/signer/signer-of.ts), the node's chain id, and the loop that runs the rounds.
import type { Address, PublicClient } from 'viem';
import type { ModuleContext } from '../../module.ts';
import type { EvmSettings } from '../chain-settings.ts';
import { signerOf } from '../signer/signer-of.ts';
import { EvmSender } from './sender.ts';
import { SenderLoop } from './sender-loop.ts';

export function evmSending(
  context: ModuleContext,
  settings: EvmSettings,
  client: PublicClient,
): SenderLoop {
  const sender = async () => {
    const signer = await signerOf(context.config);
    if (!signer) return null;
    return new EvmSender({
      db: context.db,
      client,
      signer,
      chainId: settings.chainId ?? (await client.getChainId()),
      usdt: settings.usdtAddress as Address | undefined,
      settings,
      log: context.log,
      now: () => context.clock.now().getTime(),
    });
  };
  return new SenderLoop(sender, context.scheduler, settings.pollMs, context.log);
}
