// Deposit addresses derived from an operator's account-level extended public key (BIP32):
// the server can make an address for every user without ever holding a private key.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { type ChainFamily, type ChainId, chains } from './chains.ts';
import { TRON_PREFIX, toChecksumAddress } from './validate.ts';

export interface XpubSetting {
  /** Environment variable holding the family's account-level extended public key. */
  setting: string;
  /** Where the configured key must sit; deposit addresses are its children `0/index`. */
  accountPath: string;
  /**
   * Used when the setting is unset. PUBLIC TEST KEYS: derived by `scripts/dev-xpubs.ts` from
   * BIP39's published mnemonic "abandon abandon … about", whose private keys anyone can
   * compute. Funds sent to these addresses can be taken by anyone: never use them for real funds.
   */
  development: string;
}

export const xpubSettings: Readonly<Record<ChainFamily, XpubSetting>> = {
  bitcoin: {
    setting: 'WALLET_XPUB_BTC',
    accountPath: "m/84'/0'/0'",
    // Equals BIP84's published test-vector account key.
    development:
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
  },
  ethereum: {
    setting: 'WALLET_XPUB_ETH',
    accountPath: "m/44'/60'/0'",
    development:
      'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
  },
  tron: {
    setting: 'WALLET_XPUB_TRON',
    accountPath: "m/44'/195'/0'",
    development:
      'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
  },
};

export class ExtendedKeyError extends Error {
  override name = 'ExtendedKeyError';
}

type KeyKind = { prefix: string; isPrivate: boolean; testnet: boolean };

/** SLIP-132 version bytes, so a wrong key gets a message that names what it is. */
const keyVersions = new Map<number, KeyKind>([
  [0x0488b21e, { prefix: 'xpub', isPrivate: false, testnet: false }],
  [0x049d7cb2, { prefix: 'ypub', isPrivate: false, testnet: false }],
  [0x04b24746, { prefix: 'zpub', isPrivate: false, testnet: false }],
  [0x0295b43f, { prefix: 'Ypub', isPrivate: false, testnet: false }],
  [0x02aa7ed3, { prefix: 'Zpub', isPrivate: false, testnet: false }],
  [0x043587cf, { prefix: 'tpub', isPrivate: false, testnet: true }],
  [0x044a5254, { prefix: 'upub', isPrivate: false, testnet: true }],
  [0x045f1cf6, { prefix: 'vpub', isPrivate: false, testnet: true }],
  [0x0488ade4, { prefix: 'xprv', isPrivate: true, testnet: false }],
  [0x049d7878, { prefix: 'yprv', isPrivate: true, testnet: false }],
  [0x04b2430c, { prefix: 'zprv', isPrivate: true, testnet: false }],
  [0x0295b005, { prefix: 'Yprv', isPrivate: true, testnet: false }],
  [0x02aa7a99, { prefix: 'Zprv', isPrivate: true, testnet: false }],
  [0x04358394, { prefix: 'tprv', isPrivate: true, testnet: true }],
  [0x044a4e28, { prefix: 'uprv', isPrivate: true, testnet: true }],
  [0x045f18bc, { prefix: 'vprv', isPrivate: true, testnet: true }],
]);

/** BIP84 wallets export the P2WPKH account as zpub, others as xpub: same key, other version bytes. */
const acceptedPrefixes: Readonly<Record<ChainFamily, readonly string[]>> = {
  bitcoin: ['xpub', 'zpub'],
  ethereum: ['xpub'],
  tron: ['xpub'],
};

const HARDENED = 0x80000000;
const ACCOUNT_DEPTH = 3;
const base58check = createBase58check(sha256);
const PRIVATE_KEY_GIVEN =
  'This is an extended PRIVATE key: the server takes only the public one (xpub). Treat the private key as exposed and move its funds.';

/**
 * Parses the account-level extended public key of a chain family. Throws ExtendedKeyError for a
 * private, malformed, testnet or wrongly placed key. Messages never repeat the key: it may be a
 * private one pasted by mistake.
 */
export function parseAccountXpub(xpub: string, family: ChainFamily): HDKey {
  const text = xpub.trim();
  const { accountPath } = xpubSettings[family];
  // Checked on the text first, so that even a mistyped private key is called what it is.
  if (/^[xyztuvYZ]prv/.test(text)) throw new ExtendedKeyError(PRIVATE_KEY_GIVEN);
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(text);
  } catch {
    throw new ExtendedKeyError('Not an extended public key: bad base58 text or checksum.');
  }
  if (bytes.length !== 78) {
    throw new ExtendedKeyError(`Not an extended key: ${bytes.length} bytes instead of 78.`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(0);
  const kind = keyVersions.get(version);
  if (!kind) throw new ExtendedKeyError('Not an extended key: unknown version bytes.');
  // A public version with a private key inside (0x00 marker) is a private key all the same.
  if (kind.isPrivate || bytes[45] === 0) throw new ExtendedKeyError(PRIVATE_KEY_GIVEN);
  if (kind.testnet) {
    throw new ExtendedKeyError(`A testnet key (${kind.prefix}): a mainnet key is needed.`);
  }
  if (!acceptedPrefixes[family].includes(kind.prefix)) {
    throw new ExtendedKeyError(
      `A ${kind.prefix} key does not fit: give the ${acceptedPrefixes[family].join(' or ')} of the account ${accountPath}.`,
    );
  }
  const depth = bytes[4];
  const childNumber = view.getUint32(9);
  if (depth !== ACCOUNT_DEPTH || childNumber < HARDENED) {
    throw new ExtendedKeyError(
      `Not an account-level key: give the key of ${accountPath} (depth 3, hardened); this one has depth ${depth}.`,
    );
  }
  try {
    // The matching private version only labels the parsed key; no private key is involved.
    return HDKey.fromExtendedKey(text, { public: version, private: 0x0488ade4 });
  } catch {
    throw new ExtendedKeyError('Not an extended public key: its key is not a secp256k1 point.');
  }
}

function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes));
}

/** Ethereum and Tron accounts: the last 20 bytes of keccak-256 of the uncompressed key, sans 0x04. */
function accountBytes(compressedKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(compressedKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/** The address of a compressed secp256k1 public key in a family's format. */
export function encodeAddress(family: ChainFamily, compressedKey: Uint8Array): string {
  switch (family) {
    case 'bitcoin':
      // P2WPKH: witness version 0, then the 20-byte key hash (BIP84, BIP141).
      return bech32.encode('bc', [0, ...bech32.toWords(hash160(compressedKey))]);
    case 'ethereum':
      return toChecksumAddress(bytesToHex(accountBytes(compressedKey)));
    case 'tron':
      return base58check.encode(Uint8Array.of(TRON_PREFIX, ...accountBytes(compressedKey)));
  }
}

/** Parsed external chains by key: a watcher may derive thousands of addresses of one account. */
const externalChains = new Map<string, HDKey>();
const EXTERNAL_CHAIN_CACHE = 16;

function externalChain(xpub: string, family: ChainFamily): HDKey {
  const cacheKey = `${family}:${xpub}`;
  let node = externalChains.get(cacheKey);
  if (!node) {
    node = parseAccountXpub(xpub, family).deriveChild(0);
    // Only a few keys are ever configured; the bound guards against callers passing many.
    if (externalChains.size >= EXTERNAL_CHAIN_CACHE) externalChains.clear();
    externalChains.set(cacheKey, node);
  }
  return node;
}

/**
 * The deposit address number `index` of a chain: child `0/index` (the external chain, as
 * wallets following BIP44/BIP84 show receive addresses) of the family's account key.
 */
export function deriveDepositAddress(xpub: string, chain: ChainId, index: number): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= HARDENED) {
    throw new RangeError(`Address index must be an integer from 0 to ${HARDENED - 1}.`);
  }
  const family = chains[chain].family;
  const key = externalChain(xpub, family).deriveChild(index).publicKey;
  if (!key) throw new Error('Derived key has no public key.');
  return encodeAddress(family, key);
}

/** Equal key material whatever the version bytes (an xpub and a zpub can be the same key). */
function sameKey(a: string, b: string): boolean {
  const keyA = base58check.decode(a).subarray(4);
  const keyB = base58check.decode(b).subarray(4);
  return keyA.length === keyB.length && keyA.every((byte, i) => byte === keyB[i]);
}

export interface ResolvedXpub {
  xpub: string;
  /** True when the public test key is in use: never take real deposits on it. */
  isDevelopmentDefault: boolean;
}

/**
 * The extended public key of each family from the environment, or its development default
 * when unset; a bad value stops start-up with a message naming its setting.
 */
export function resolveWalletXpubs(
  env: Readonly<Record<string, string | undefined>>,
): Record<ChainFamily, ResolvedXpub> {
  const resolve = (family: ChainFamily): ResolvedXpub => {
    const { setting, development } = xpubSettings[family];
    const value = env[setting]?.trim();
    if (value === undefined || value === '') {
      return { xpub: development, isDevelopmentDefault: true };
    }
    try {
      parseAccountXpub(value, family);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ExtendedKeyError(`${setting}: ${reason}`);
    }
    return { xpub: value, isDevelopmentDefault: sameKey(value, development) };
  };
  return { bitcoin: resolve('bitcoin'), ethereum: resolve('ethereum'), tron: resolve('tron') };
}
