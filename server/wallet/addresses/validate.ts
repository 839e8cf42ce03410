// Checks an address a user typed for a withdrawal or the address book, per chain, checksum
// included, and says whether a rejected one belongs to another chain so the UI can say so.
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, bech32, bech32m } from '@scure/base';
import { type ChainFamily, type ChainId, chainIds, chains } from './chains.ts';

export type AddressCheck =
  | { ok: true; normalized: string }
  | { ok: false; reason: 'format' | 'checksum' | 'chain' };

type FamilyCheck = { ok: true; normalized: string } | { ok: false; reason: 'format' | 'checksum' };

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58_CHARSET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const bitcoinSegwit = new RegExp(`^bc1[${BECH32_CHARSET}]{7,87}$`);
const bitcoinBase58 = new RegExp(`^[13][${BASE58_CHARSET}]{25,34}$`);
const tronBase58 = new RegExp(`^T[${BASE58_CHARSET}]{33}$`);
const ethereumHex = /^0x[0-9a-fA-F]{40}$/;

/** Version bytes of base58check payloads: Bitcoin P2PKH and P2SH, and Tron's account prefix. */
const P2PKH = 0x00;
const P2SH = 0x05;
export const TRON_PREFIX = 0x41;

/**
 * EIP-55: a hex letter is upper case when the matching nibble of keccak-256 of the
 * lower-case hex (as ASCII) is 8 or more. Takes the 40 hex digits, returns `0x…`.
 */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const char = lower.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/** Decodes base58 with its 4-byte double-SHA-256 checksum, telling a bad checksum from bad text. */
function decodeBase58Check(
  text: string,
): { ok: true; payload: Uint8Array } | { ok: false; reason: 'format' | 'checksum' } {
  let raw: Uint8Array;
  try {
    raw = base58.decode(text);
  } catch {
    return { ok: false, reason: 'format' };
  }
  if (raw.length !== 25) return { ok: false, reason: 'format' };
  const payload = raw.subarray(0, 21);
  const expected = sha256(sha256(payload)).subarray(0, 4);
  const actual = raw.subarray(21);
  const matches = expected.every((byte, i) => byte === actual[i]);
  return matches ? { ok: true, payload } : { ok: false, reason: 'checksum' };
}

/**
 * Native SegWit (BIP173 for version 0, BIP350 for versions 1–16) on mainnet. Any version the
 * BIPs define as valid is accepted, as BIP350 asks of senders.
 */
function checkSegwit(address: string): FamilyCheck {
  // Upper case is valid (QR codes use it); a mix of cases is not.
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    return { ok: false, reason: 'format' };
  }
  const lower = address.toLowerCase();
  if (!bitcoinSegwit.test(lower)) return { ok: false, reason: 'format' };
  const asBech32 = bech32.decodeUnsafe(lower);
  const asBech32m = asBech32 ? undefined : bech32m.decodeUnsafe(lower);
  const decoded = asBech32 ?? asBech32m;
  if (!decoded) return { ok: false, reason: 'checksum' };
  const [version, ...programWords] = decoded.words;
  if (version === undefined || version > 16) return { ok: false, reason: 'format' };
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program || program.length < 2 || program.length > 40) {
    return { ok: false, reason: 'format' };
  }
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    return { ok: false, reason: 'format' };
  }
  // Version 0 must carry the bech32 checksum and later versions bech32m (BIP350).
  if ((version === 0) !== (asBech32 !== undefined)) return { ok: false, reason: 'checksum' };
  return { ok: true, normalized: lower };
}

function checkBitcoin(address: string): FamilyCheck {
  if (/^bc1/i.test(address)) return checkSegwit(address);
  if (!bitcoinBase58.test(address)) return { ok: false, reason: 'format' };
  const decoded = decodeBase58Check(address);
  if (!decoded.ok) return decoded;
  const version = decoded.payload[0];
  if (version !== P2PKH && version !== P2SH) return { ok: false, reason: 'format' };
  return { ok: true, normalized: address };
}

function checkEthereum(address: string): FamilyCheck {
  if (!ethereumHex.test(address)) return { ok: false, reason: 'format' };
  const digits = address.slice(2);
  const checksummed = toChecksumAddress(digits);
  // All one case carries no checksum (EIP-55 allows it); mixed case must match exactly.
  const oneCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!oneCase && checksummed !== address) return { ok: false, reason: 'checksum' };
  return { ok: true, normalized: checksummed };
}

function checkTron(address: string): FamilyCheck {
  if (!tronBase58.test(address)) return { ok: false, reason: 'format' };
  const decoded = decodeBase58Check(address);
  if (!decoded.ok) return decoded;
  if (decoded.payload[0] !== TRON_PREFIX) return { ok: false, reason: 'format' };
  return { ok: true, normalized: address };
}

const familyChecks: Readonly<Record<ChainFamily, (address: string) => FamilyCheck>> = {
  bitcoin: checkBitcoin,
  ethereum: checkEthereum,
  tron: checkTron,
};

/**
 * Checks an address for a chain. Surrounding white space (a common paste artefact) is ignored;
 * `normalized` is the form to store: lower-case bech32, EIP-55 mixed case, base58 as given.
 * `'chain'` means the address is valid on another known chain of a different format.
 */
export function validateAddress(chain: ChainId, address: string): AddressCheck {
  const trimmed = address.trim();
  const family = chains[chain].family;
  const own = familyChecks[family](trimmed);
  if (own.ok) return own;
  const elsewhere = (Object.keys(familyChecks) as ChainFamily[]).some(
    (other) => other !== family && familyChecks[other](trimmed).ok,
  );
  return elsewhere ? { ok: false, reason: 'chain' } : own;
}

/** The chains an address is valid on, for a message like "this is a TRC20 address". */
export function chainsOfAddress(address: string): ChainId[] {
  const trimmed = address.trim();
  return chainIds.filter((id) => familyChecks[chains[id].family](trimmed).ok);
}
