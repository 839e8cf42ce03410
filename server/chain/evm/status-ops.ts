// The operator's view of the Ethereum chain (the CLI's `chain status`): how far the deposit watcher
// has read against the node's head, the hot wallet's address and balances, which signer signs, and
// the sends not yet finished (queued or broadcast) with their nonce, attempts and age. Without a
// node configured it answers what the database knows.
import { type Address, erc20Abi, formatUnits } from 'viem';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { opsCall } from '../../ops/ops-call.ts';
import { readCursor } from '../chain-cursor.ts';
import { signerOf } from '../signer/signer-of.ts';
import { evmClient } from './evm-client.ts';
import { evmCursor } from './evm-watcher.ts';
import { optionalAddressOf } from './hex-text.ts';
import { hotWalletAddress } from './key-addresses.ts';
import { openSends } from './send-queue.ts';

export function chainStatusOps({ db, config, clock }: Pick<AppDeps, 'db' | 'config' | 'clock'>) {
  const status = opsCall({
    path: '/ops/chain/status',
    input: z.object({}),
    commands: [
      {
        words: 'chain status',
        help: "the Ethereum watcher's lag, the hot wallet's balances, the signer and pending sends",
      },
    ],
    run: async () => {
      const settings = config.chain.evm;
      const hotWallet = hotWalletAddress(config.walletXpubs.ethereum.xpub);
      const cursor = await readCursor(db, evmCursor);
      const signer = await signerOf(config).catch(() => null);
      const pending = await openSends(db);
      const now = clock.now().getTime();
      const chainView = settings ? await nodeView(settings, hotWallet, cursor?.number) : null;
      return {
        configured: settings !== null,
        ...chainView,
        cursor: cursor?.number.toString() ?? null,
        hot_wallet: { address: hotWallet, ...chainView?.balances },
        signer: signer?.kind ?? 'none',
        pending_sends: pending.map((send) => ({
          id: send.id,
          purpose: send.purpose,
          status: send.status,
          asset: send.asset,
          value: send.value,
          from: send.from_address,
          to: send.to_address,
          nonce: send.nonce,
          attempts: send.attempts,
          tx_hash: send.tx_hash,
          confirmations: send.confirmations,
          age_seconds: Math.floor((now - send.created_at.getTime()) / 1000),
        })),
      };
    },
  });
  return [status];
}

/** The node's head and the hot wallet's balances (decimal strings), or the node's error. */
async function nodeView(
  settings: NonNullable<AppDeps['config']['chain']['evm']>,
  hotWallet: Address,
  cursor: bigint | undefined,
) {
  const client = evmClient(settings.rpcUrl);
  try {
    const usdt = optionalAddressOf(settings.usdtAddress);
    const [head, eth, token] = await Promise.all([
      client.getBlockNumber(),
      client.getBalance({ address: hotWallet }),
      usdt
        ? client.readContract({
            address: usdt,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [hotWallet],
          })
        : Promise.resolve(null),
    ]);
    return {
      head: head.toString(),
      lag: cursor === undefined ? null : (head - cursor).toString(),
      balances: { ETH: formatUnits(eth, 18), USDT: token === null ? null : formatUnits(token, 6) },
    };
  } catch (error) {
    return {
      head: null,
      lag: null,
      node_error: (error instanceof Error ? error.message : String(error)).split('\n')[0],
    };
  }
}
