// Addresses and hashes come back from the database and the settings as plain text; viem types them
// as `0x…` strings. These read such text as what it is, checked, so a column or setting that does
// not hold one fails where it is read, never inside a signature or a node's request.
import { type Address, type Hex, isAddress, isHex } from 'viem';

/** An address read from a column or a setting (any letter case). */
export function addressOf(text: string): Address {
  if (!isAddress(text, { strict: false })) throw new Error(`not an address: ${text}`);
  return text;
}

/** An address setting that may be unset. */
export function optionalAddressOf(text: string | undefined): Address | undefined {
  return text === undefined ? undefined : addressOf(text);
}

/** A hash or signed transaction read from a column. */
export function hexOf(text: string): Hex {
  if (!isHex(text)) throw new Error(`not hex: ${text.slice(0, 20)}`);
  return text;
}
