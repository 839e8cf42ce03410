// On-chain integers as the ledger's amounts: the ledger keeps eight decimals, so ether's wei below
// 10^-8 ETH are dropped (a deposit of less is no deposit). USDT has six decimals and fits whole.
import { formatUnits } from 'viem';

/** The amount as a decimal string of at most eight decimals, or null when that rounds to zero. */
export function ledgerAmount(value: bigint, decimals: number): string | null {
  const cut = decimals > 8 ? value - (value % 10n ** BigInt(decimals - 8)) : value;
  if (cut <= 0n) return null;
  return formatUnits(cut, decimals);
}
