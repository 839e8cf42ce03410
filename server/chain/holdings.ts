// What the exchange holds on the Ethereum network, read at one block: ether and USDT of the hot
// wallet and of every deposit address that ever received a real deposit or a sweep's gas (the
// only deposit addresses that can hold anything of the exchange's; the other ones, up to one per
// user, are never read). The reconciliation and the proof of reserves both publish this.
import { type Address, erc20Abi, getAddress, type PublicClient } from 'viem';
import type { Db } from '../db/database.ts';
import { evmChainNames } from './evm/evm-chains.ts';
import { hotWalletAddress } from './evm/key-addresses.ts';

/** The assets of the Ethereum family with their chain decimals. */
export const evmAssets = { ETH: 18, USDT: 6 } as const;
export type EvmAsset = keyof typeof evmAssets;
/** The assets in a fixed order, for going over a record of them. */
export const evmAssetNames = ['ETH', 'USDT'] as const satisfies readonly EvmAsset[];

export interface AddressHoldings {
  address: Address;
  kind: 'hot' | 'deposit';
  /** Chain units (wei, 10⁻⁶ USDT); USDT absent when no token contract is configured. */
  balances: Partial<Record<EvmAsset, bigint>>;
}

export interface EvmHoldings {
  chainId: number;
  blockNumber: bigint;
  /** Per asset, in chain units: the sum over `addresses`. */
  totals: Partial<Record<EvmAsset, bigint>>;
  addresses: AddressHoldings[];
}

/** Balance calls in flight at once: a node is not asked for thousands together. */
const concurrency = 16;

/** The deposit addresses that can hold the exchange's money, hot wallet aside. */
export async function fundedDepositAddresses(db: Db, hot: Address): Promise<Address[]> {
  const rows = await db
    .selectFrom('deposits')
    .select('address')
    .where('chain', 'in', evmChainNames)
    .where('status', '<>', 'dropped')
    // A real chain's: the simulated chain's deposits carry no block and no 0x transaction id.
    .where((eb) => eb.or([eb('block_number', 'is not', null), eb('txid', 'like', '0x%')]))
    .union(
      db
        .selectFrom('chain_sends')
        .select('to_address as address')
        .where('chain', '=', 'ETH')
        .where('purpose', '=', 'gas'),
    )
    .execute();
  const unique = new Set(rows.map((row) => getAddress(row.address)));
  unique.delete(getAddress(hot));
  return [...unique].sort();
}

export interface HoldingsSource {
  db: Db;
  client: PublicClient;
  accountXpub: string;
  usdtAddress: string | undefined;
}

/** Reads every balance at `blockNumber` (the head when absent), so all are of one moment. */
export async function readEvmHoldings(
  source: HoldingsSource,
  blockNumber?: bigint,
): Promise<EvmHoldings> {
  const { db, client, usdtAddress } = source;
  const block = blockNumber ?? (await client.getBlockNumber({ cacheTime: 0 }));
  const chainId = await client.getChainId();
  const hot = hotWalletAddress(source.accountXpub);
  const deposits = await fundedDepositAddresses(db, hot);
  const token = usdtAddress ? getAddress(usdtAddress) : undefined;
  const read = async (address: Address, kind: AddressHoldings['kind']) => {
    const balances: AddressHoldings['balances'] = {
      ETH: await client.getBalance({ address, blockNumber: block }),
    };
    if (token) {
      balances.USDT = await client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
        blockNumber: block,
      });
    }
    return { address, kind, balances };
  };
  const addresses: AddressHoldings[] = [await read(hot, 'hot')];
  for (let i = 0; i < deposits.length; i += concurrency) {
    const batch = deposits.slice(i, i + concurrency);
    addresses.push(...(await Promise.all(batch.map((address) => read(address, 'deposit')))));
  }
  const totals: EvmHoldings['totals'] = {};
  for (const { balances } of addresses) {
    for (const asset of evmAssetNames) {
      const amount = balances[asset];
      if (amount !== undefined) totals[asset] = (totals[asset] ?? 0n) + amount;
    }
  }
  return { chainId, blockNumber: block, totals, addresses };
}
