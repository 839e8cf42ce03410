// The hot wallet's sender (docs/wallet.md § "The hot wallet and withdrawals on chain"): each round
// follows every broadcast send to its end and sends the queued ones, of every purpose alike, oldest
// first. A queued send its address cannot cover waits, the operator told once (an incident and a
// warning); it goes in the first round the funds are there. The first round after a start
// broadcasts again every stored, unmined transaction, which a crash may have kept from the node.
import { sql } from 'kysely';
import type { Address } from 'viem';
import { raiseIncident } from '../incidents.ts';
import { addressOf } from './hex-text.ts';
import { currentFees, type Fees, gasLimitOf } from './send-fees.ts';
import { broadcast, type FollowDeps, followSend } from './send-follow.ts';
import { costOf, covers, type Holdings, less, spendable } from './send-funds.ts';
import { evmSendAssetOf, evmSendChain, openSends } from './send-queue.ts';
import { type SendRow, signQueued } from './send-signing.ts';

export const hotWalletShort = 'hot_wallet_short';
/** A deposit address that cannot pay its sweep's gas: the sweeper's gas send is on its way. */
export const addressShort = 'address_short';
const shortKind = (send: SendRow) => (send.signing_key === 'hot' ? hotWalletShort : addressShort);

export class EvmSender {
  #rebroadcast = true;

  constructor(private readonly deps: FollowDeps) {}

  async round(): Promise<void> {
    const { db, client, log } = this.deps;
    const head = await client.getBlockNumber();
    const open = await openSends(db);
    for (const send of open.filter((row) => row.status === 'sent')) {
      try {
        await followSend(this.deps, send, head, this.#rebroadcast);
      } catch (error) {
        log.warn({ err: error, send: send.id }, 'an Ethereum send was not followed this round');
      }
    }
    this.#rebroadcast = false;
    const queued = open.filter((row) => row.status === 'queued');
    if (queued.length === 0) return;
    const fees = await currentFees(client);
    for (const address of new Set(queued.map((row) => row.from_address))) {
      const sends = queued.filter((row) => row.from_address === address);
      await this.#sendFrom(addressOf(address), sends, fees);
    }
  }

  async #sendFrom(address: Address, sends: readonly SendRow[], fees: Fees): Promise<void> {
    const { db, client, usdt, log } = this.deps;
    let have: Holdings = await spendable(db, client, usdt, address);
    for (const send of sends) {
      try {
        const gasLimit = await gasLimitOf(
          client,
          address,
          evmSendAssetOf(send.asset),
          addressOf(send.to_address),
          BigInt(send.value),
        );
        const need = costOf(send, gasLimit, fees);
        if (!covers(have, need)) {
          await this.#short(send, have, need);
          continue;
        }
        const nodeNonce = BigInt(
          await client.getTransactionCount({ address, blockTag: 'pending' }),
        );
        const signed = await signQueued(this.deps, send.id, { gasLimit, fees, nodeNonce });
        if (!signed) continue;
        have = less(have, need);
        log.info(
          { send: send.id, purpose: send.purpose, hash: signed.hash, asset: send.asset },
          'an Ethereum send is signed and broadcast',
        );
        await broadcast(this.deps, send.id, signed.raw);
        await this.#shortResolved(send);
      } catch (error) {
        log.warn({ err: error, send: send.id }, 'an Ethereum send was not sent this round');
      }
    }
  }

  /** The send waits for funds; the operator hears of it once. */
  async #short(send: SendRow, have: Holdings, need: Holdings): Promise<void> {
    const details = {
      send: send.id,
      purpose: send.purpose,
      address: send.from_address,
      asset: send.asset,
      value: send.value,
      needed_eth_wei: need.ETH.toString(),
      spendable_eth_wei: have.ETH.toString(),
      needed_usdt_units: need.USDT.toString(),
      spendable_usdt_units: have.USDT.toString(),
    };
    const raised = await raiseIncident(this.deps.db, this.deps.log, {
      chain: evmSendChain,
      kind: shortKind(send),
      key: String(send.id),
      details,
    });
    if (raised) {
      this.deps.log.warn(details, 'an Ethereum send waits: its address cannot cover it');
    }
  }

  /** Funds arrived and the send went: its shortage is no longer open. */
  async #shortResolved(send: SendRow): Promise<void> {
    await this.deps.db
      .updateTable('chain_incidents')
      .set({ resolved_at: new Date() })
      .where('chain', '=', evmSendChain)
      .where('kind', '=', shortKind(send))
      .where('resolved_at', 'is', null)
      .where(sql<string>`details->>'key'`, '=', String(send.id))
      .execute();
  }
}
