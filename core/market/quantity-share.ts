// A quick share of a maximum (25 %, 50 %, 75 %, all of it) rounded down to whole steps: the chips
// under an amount field of any product's form, whether the step is a market's lot or a cent.
import { displayAmount, parseAmount } from '../money.ts';

export const quantityShares = [25, 50, 75, 100] as const;
export type QuantityShare = (typeof quantityShares)[number];

/** `percent` of a maximum quantity, in whole lots, as an exact decimal; null when unknown. */
export function shareOf(
  maximum: string | null,
  percent: QuantityShare,
  lotSize: string,
): string | null {
  const most = maximum === null ? null : parseAmount(maximum);
  const lot = parseAmount(lotSize);
  if (most === null || lot === null || lot === 0n) return null;
  const share = (most * BigInt(percent)) / 100n;
  return displayAmount(share - (share % lot));
}
