// The two chains the Ethereum watcher reads deposits of, as the wallet names them, and the ERC-20
// event a token deposit is: shared by the block reader and the confirmation step.
import { parseAbiItem } from 'viem';

export const ethChain = { chain: 'ETH', asset: 'ETH', decimals: 18 } as const;
export const usdtChain = { chain: 'ERC20', asset: 'USDT', decimals: 6 } as const;
export type EvmChain = typeof ethChain | typeof usdtChain;
/** The wallet's chains whose deposits this watcher reports. */
export const evmChainNames = [ethChain.chain, usdtChain.chain];

export const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
