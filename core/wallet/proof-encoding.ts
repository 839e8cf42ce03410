// The canonical bytes the proof of reserves hashes (docs/wallet.md § "Proof of reserves"). Every
// amount is an unsigned 128-bit big-endian integer of atoms, so an encoding has one length and one
// reading: no sign to hide a negative in, no decimal string to write two ways. Each kind of hash
// starts with its own tag byte, so a leaf can never be passed off as an inner node or a salted id.
import { sha256 } from '@noble/hashes/sha2.js';

/** Bytes of one amount: 128 bits hold any balance the wallet accepts (30 whole digits, 8 places). */
export const amountBytes = 16;
/** Bytes of every hash: SHA-256. */
export const hashBytes = 32;
/** The largest amount the encoding holds; a sum above it is refused, never wrapped. */
export const maxAmount = (1n << 128n) - 1n;

const tagSaltedId = 0x00;
const tagLeaf = 0x01;
const tagInner = 0x02;
const mask64 = (1n << 64n) - 1n;
const utf8 = new TextEncoder();

/** Writes `amount` at `offset` as 16 big-endian bytes; the caller has checked 0 ≤ amount ≤ max. */
export function writeAmount(view: DataView, offset: number, amount: bigint): void {
  view.setBigUint64(offset, amount >> 64n);
  view.setBigUint64(offset + 8, amount & mask64);
}

export function readAmount(view: DataView, offset: number): bigint {
  return (view.getBigUint64(offset) << 64n) | view.getBigUint64(offset + 8);
}

/**
 * Adds the 16-byte amounts `a[ai..]` and `b[bi..]` into `out[oi..]`, `count` of them side by side;
 * false when one overflows 128 bits. Done on bytes so a million nodes allocate no BigInt.
 */
export function addAmounts(
  a: Uint8Array,
  ai: number,
  b: Uint8Array,
  bi: number,
  out: Uint8Array,
  oi: number,
  count: number,
): boolean {
  for (let k = 0; k < count; k++) {
    const base = k * amountBytes;
    let carry = 0;
    for (let j = amountBytes - 1; j >= 0; j--) {
      const total = (a[ai + base + j] ?? 0) + (b[bi + base + j] ?? 0) + carry;
      out[oi + base + j] = total & 0xff;
      carry = total >> 8;
    }
    if (carry !== 0) return false;
  }
  return true;
}

/** hash(0x00 ‖ len ‖ user id ‖ len ‖ salt), lengths as 4-byte big-endian counts of UTF-8 bytes. */
export function saltedIdHash(userId: string, salt: string): Uint8Array {
  const id = utf8.encode(userId);
  const secret = utf8.encode(salt);
  const bytes = new Uint8Array(1 + 4 + id.length + 4 + secret.length);
  const view = new DataView(bytes.buffer);
  bytes[0] = tagSaltedId;
  view.setUint32(1, id.length);
  bytes.set(id, 5);
  view.setUint32(5 + id.length, secret.length);
  bytes.set(secret, 9 + id.length);
  return sha256(bytes);
}

/** hash(0x01 ‖ salted id ‖ balances): `balances` is already the leaf's encoded amounts. */
export function leafHash(saltedId: Uint8Array, balances: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(1 + hashBytes + balances.length);
  bytes[0] = tagLeaf;
  bytes.set(saltedId, 1);
  bytes.set(balances, 1 + hashBytes);
  return sha256(bytes);
}

/** hash(0x02 ‖ left hash ‖ left sums ‖ right hash ‖ right sums), sums already encoded. */
export function innerHash(
  leftHash: Uint8Array,
  leftSums: Uint8Array,
  rightHash: Uint8Array,
  rightSums: Uint8Array,
): Uint8Array {
  const bytes = new Uint8Array(1 + 2 * hashBytes + leftSums.length + rightSums.length);
  bytes[0] = tagInner;
  bytes.set(leftHash, 1);
  bytes.set(leftSums, 1 + hashBytes);
  bytes.set(rightHash, 1 + hashBytes + leftSums.length);
  bytes.set(rightSums, 1 + 2 * hashBytes + leftSums.length);
  return sha256(bytes);
}

/** The amounts as one encoded vector; the caller has checked each is in range. */
export function encodeAmounts(amounts: readonly bigint[]): Uint8Array {
  const bytes = new Uint8Array(amounts.length * amountBytes);
  const view = new DataView(bytes.buffer);
  amounts.forEach((amount, k) => {
    writeAmount(view, k * amountBytes, amount);
  });
  return bytes;
}

export function decodeAmounts(bytes: Uint8Array, offset: number, count: number): bigint[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: count }, (_, k) => readAmount(view, offset + k * amountBytes));
}

export function toHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

/** Lower-case hex of `length` bytes, else null. */
export function fromHex(text: string, length: number): Uint8Array | null {
  if (text.length !== length * 2 || !/^[0-9a-f]*$/.test(text)) return null;
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
