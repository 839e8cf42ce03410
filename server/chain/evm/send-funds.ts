// Whether an address can cover a send: its ether must pay the value (of an ether send) and the
// most the gas may cost, its USDT the value of a token send. What its sends already broadcast and
// not yet mined will take is set aside first, since the node's balance does not show them yet.
import { type Address, erc20Abi, type PublicClient } from 'viem';
import type { Db } from '../../db/database.ts';
import type { Fees } from './send-fees.ts';
import { evmSendChain } from './send-queue.ts';

export interface Holdings {
  ETH: bigint;
  USDT: bigint;
}

/** What one send takes from its address at most. */
export function costOf(
  send: { asset: string; value: string },
  gasLimit: bigint,
  fees: Fees,
): Holdings {
  const value = BigInt(send.value);
  const gas = gasLimit * fees.maxFeePerGas;
  return send.asset === 'ETH' ? { ETH: value + gas, USDT: 0n } : { ETH: gas, USDT: value };
}

export const covers = (have: Holdings, need: Holdings) =>
  have.ETH >= need.ETH && have.USDT >= need.USDT;

export const less = (have: Holdings, need: Holdings): Holdings => ({
  ETH: have.ETH - need.ETH,
  USDT: have.USDT - need.USDT,
});

/** The address's balances on chain, less what its broadcast, unmined sends will take. */
export async function spendable(
  db: Db,
  client: PublicClient,
  usdt: Address | undefined,
  address: Address,
): Promise<Holdings> {
  const [eth, token, pending] = await Promise.all([
    client.getBalance({ address }),
    usdt
      ? client.readContract({
          address: usdt,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        })
      : Promise.resolve(0n),
    db
      .selectFrom('chain_sends')
      .innerJoin('chain_send_hashes', 'chain_send_hashes.tx_hash', 'chain_sends.tx_hash')
      .select([
        'chain_sends.asset',
        'chain_sends.value',
        'chain_sends.gas_limit',
        'chain_send_hashes.max_fee_per_gas',
      ])
      .where('chain_sends.chain', '=', evmSendChain)
      .where('chain_sends.from_address', '=', address)
      .where('chain_sends.status', '=', 'sent')
      .where('chain_sends.block_number', 'is', null)
      .execute(),
  ]);
  let have: Holdings = { ETH: eth, USDT: token };
  for (const send of pending) {
    const fees = { maxFeePerGas: BigInt(send.max_fee_per_gas), maxPriorityFeePerGas: 0n };
    have = less(have, costOf(send, BigInt(send.gas_limit ?? 0), fees));
  }
  return have;
}
