// Integer division that rounds where the contract formulas say, for signed amounts (bigint
// division rounds toward zero, which is up for a loss and down for a gain).

/** a ÷ b rounded toward −∞. */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** a ÷ b rounded toward +∞. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/** The smaller of two amounts (Math.min takes no bigint). */
export function smaller(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
