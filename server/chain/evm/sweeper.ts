// The sweeper (docs/wallet.md § "Sweeping"): moves what users paid into their deposit addresses to
// the hot wallet, so withdrawals can be paid from one place. Each round, for every deposit address
// with credited deposits not yet swept and no send open, it reads the address's balances and
// queues at most one send for it (the sender, server/chain/evm/sender.ts, signs and follows it):
// - USDT at or above CHAIN_EVM_SWEEP_MIN_USDT: when the address's ether cannot pay the token
//   transfer's gas, a `gas` send from the hot wallet of the shortfall first; once that is
//   confirmed, the `sweep` of the whole token balance, signed by the address's own key;
// - else ether at or above CHAIN_EVM_SWEEP_MIN_ETH: the `sweep` of the balance less its gas.
// A confirmed sweep marks the deposits it moved. Everything it decides from is in `chain_sends`,
// `deposits` and the chain, so a restart carries on where it was.
import type { FastifyBaseLogger } from 'fastify';
import { type Address, erc20Abi, getAddress, type PublicClient, parseUnits } from 'viem';
import type { Db } from '../../db/database.ts';
import { transact } from '../../db/transact.ts';
import type { EvmSettings } from '../chain-settings.ts';
import { hotWalletAddress, keyAddress } from './key-addresses.ts';
import { tokenTransferGas } from './send-fees.ts';
import { enqueueSend } from './send-queue.ts';
import { hasOpenSend, markSwept, type UnsweptAddress, unsweptAddresses } from './sweep-state.ts';

/** The gas limit the sender gives a token transfer (fixed, not estimated). */
export const tokenSweepGas = tokenTransferGas;
/** A plain ether payment to the hot wallet, an address without code. */
export const etherSweepGas = 21_000n;
/**
 * The fee the sweeper budgets per gas: twice the node's estimate of the max fee, so a send still
 * goes when fees rise before it is signed, and can be replaced once with a higher fee.
 */
export const feeHeadroom = 2n;

export interface SweeperDeps {
  db: Db;
  client: PublicClient;
  settings: EvmSettings;
  /** WALLET_XPUB_ETH: the hot wallet's and every deposit address's key, public half. */
  accountXpub: string;
  log: FastifyBaseLogger;
}

/** How long a balance read inside a sweep's transaction may take before it is given up. */
const readTimeoutMs = 5000;

class SlowNodeError extends Error {
  override name = 'SlowNodeError';
}

function bounded<T>(read: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SlowNodeError(`the node did not answer a balance in ${readTimeoutMs} ms`)),
      readTimeoutMs,
    );
  });
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}

export type SweepStep =
  | { kind: 'gas'; sendId: number; value: bigint }
  | { kind: 'sweep'; sendId: number; asset: 'ETH' | 'USDT'; value: bigint }
  | { kind: 'wait' };

export class EvmSweeper {
  readonly #hot: Address;
  readonly #min: { ETH: bigint; USDT: bigint };
  /** Addresses already reported as not derived from the configured key (told once). */
  readonly #foreign = new Set<string>();
  /** Addresses found to be their index's child of the configured key (derived once each). */
  readonly #ours = new Set<string>();

  constructor(private readonly deps: SweeperDeps) {
    this.#hot = hotWalletAddress(deps.accountXpub);
    this.#min = {
      ETH: parseUnits(deps.settings.sweepMin.ETH, 18),
      USDT: parseUnits(deps.settings.sweepMin.USDT, 6),
    };
  }

  /** One round over every address with unswept deposits; what it queued, by address. */
  async round(): Promise<Map<string, SweepStep>> {
    const { db, log } = this.deps;
    const steps = new Map<string, SweepStep>();
    const before = await unsweptAddresses(db);
    if (before.length === 0) return steps;
    for (const marked of await markSwept(
      db,
      before.map((a) => a.address),
    )) {
      log.info(marked, 'a sweep is confirmed: its deposits are marked swept');
    }
    const addresses = await unsweptAddresses(db);
    if (addresses.length === 0) return steps;
    const { maxFeePerGas } = await this.deps.client.estimateFeesPerGas();
    for (const address of addresses) {
      try {
        const step = await this.#sweep(address, maxFeePerGas);
        steps.set(address.address, step);
      } catch (error) {
        // A node too slow to answer is not asked again for every other address this round.
        if (error instanceof SlowNodeError) throw error;
        log.warn({ err: error, address: address.address }, 'a deposit address was not swept');
      }
    }
    return steps;
  }

  /**
   * Decides and queues the address's next send in one transaction whose balances are read inside
   * it, so the sweep covers the deposits seen before it (server/chain/evm/sweep-state.ts).
   */
  async #sweep(unswept: UnsweptAddress, maxFeePerGas: bigint): Promise<SweepStep> {
    const { db, client, settings, log } = this.deps;
    const address = getAddress(unswept.address);
    const key = { role: 'deposit', index: unswept.index } as const;
    if (!this.#ours.has(address) && keyAddress(this.deps.accountXpub, key) !== address) {
      if (!this.#foreign.has(address)) {
        this.#foreign.add(address);
        log.error(
          { address, index: unswept.index },
          'a deposit address is not the configured key’s child: it cannot be swept',
        );
      }
      return { kind: 'wait' };
    }
    this.#ours.add(address);
    const usdt = settings.usdtAddress ? getAddress(settings.usdtAddress) : undefined;
    const step = await transact(db, async (trx): Promise<SweepStep> => {
      if (await hasOpenSend(trx, address)) return { kind: 'wait' };
      // Read inside the transaction, so its start (the send's `created_at`) is before the read;
      // bounded, since the database waits on this transaction meanwhile.
      const ether = await bounded(client.getBalance({ address }));
      if (unswept.assets.has('USDT') && usdt) {
        const tokens = await bounded(
          client.readContract({
            address: usdt,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address],
          }),
        );
        if (tokens >= this.#min.USDT && tokens > 0n) {
          // The gas is topped up to the budget with headroom when the address cannot pay even
          // today's fee, so a fee that rises a little after the top-up asks for no second one.
          if (ether < tokenSweepGas * maxFeePerGas) {
            const value = tokenSweepGas * maxFeePerGas * feeHeadroom - ether;
            const sendId = await enqueueSend(trx, {
              purpose: 'gas',
              key: { role: 'hot' },
              from: this.#hot,
              to: address,
              asset: 'ETH',
              value,
            });
            return { kind: 'gas', sendId, value };
          }
          const sendId = await enqueueSend(trx, {
            purpose: 'sweep',
            key,
            from: address,
            to: this.#hot,
            asset: 'USDT',
            value: tokens,
          });
          return { kind: 'sweep', sendId, asset: 'USDT', value: tokens };
        }
      }
      if (unswept.assets.has('ETH') && ether >= this.#min.ETH) {
        const value = ether - etherSweepGas * maxFeePerGas * feeHeadroom;
        if (value <= 0n) return { kind: 'wait' };
        const sendId = await enqueueSend(trx, {
          purpose: 'sweep',
          key,
          from: address,
          to: this.#hot,
          asset: 'ETH',
          value,
        });
        return { kind: 'sweep', sendId, asset: 'ETH', value };
      }
      return { kind: 'wait' };
    });
    if (step.kind === 'gas') {
      log.info(
        { address, send: step.sendId, wei: step.value.toString() },
        'gas for a token sweep is queued from the hot wallet',
      );
    } else if (step.kind === 'sweep') {
      log.info(
        { address, send: step.sendId, asset: step.asset, value: step.value.toString() },
        'a deposit address sweep is queued',
      );
    }
    return step;
  }
}
