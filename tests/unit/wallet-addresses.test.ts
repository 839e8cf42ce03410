// Deposit-address derivation and per-chain address validation against published test vectors
// (BIP32, BIP84, BIP173, BIP350, EIP-55, Tron's documentation), plus properties over random
// indexes and one-character typos.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, bech32, bech32m } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveDevXpubs, TEST_MNEMONIC } from '../../scripts/dev-xpubs.ts';
import {
  type ChainFamily,
  type ChainId,
  chainIds,
  chains,
} from '../../server/wallet/addresses/chains.ts';
import {
  deriveDepositAddress,
  ExtendedKeyError,
  encodeAddress,
  parseAccountXpub,
  resolveWalletXpubs,
  xpubSettings,
} from '../../server/wallet/addresses/derive.ts';
import { chainsOfAddress, validateAddress } from '../../server/wallet/addresses/validate.ts';

// --- Independent helpers, written from the specifications rather than taken from the code under test.

function base58checkEncode(payload: Uint8Array): string {
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58.encode(Uint8Array.from([...payload, ...checksum]));
}

function base58checkDecode(text: string): Uint8Array {
  const raw = base58.decode(text);
  const payload = raw.subarray(0, -4);
  expect(bytesToHex(sha256(sha256(payload)).subarray(0, 4))).toBe(bytesToHex(raw.subarray(-4)));
  return payload;
}

/** The same extended key under other version bytes (xpub ↔ zpub ↔ tpub …). */
function withVersion(key: string, version: number): string {
  const bytes = base58checkDecode(key);
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(0, version);
  return base58checkEncode(bytes);
}

function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  return `0x${[...lower].map((c, i) => (Number.parseInt(hash[i] ?? '0', 16) > 7 ? c.toUpperCase() : c)).join('')}`;
}

/** Ethereum's 20 account bytes from a private key, through the uncompressed public key. */
function accountBytesOfPrivateKey(privateKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.getPublicKey(privateKey, false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/** scriptPubKey of a segwit address: OP_n, push length, program. */
function segwitScript(address: string): string {
  const lower = address.toLowerCase();
  const decoded = bech32.decodeUnsafe(lower) ?? bech32m.decodeUnsafe(lower);
  if (!decoded) throw new Error(`not bech32: ${address}`);
  const [version = 0, ...words] = decoded.words;
  const program = bech32.fromWords(words);
  const opcode = version === 0 ? 0 : 0x50 + version;
  return bytesToHex(Uint8Array.from([opcode, program.length, ...program]));
}

const seed = mnemonicToSeedSync(TEST_MNEMONIC);
const dev = {
  bitcoin: xpubSettings.bitcoin.development,
  ethereum: xpubSettings.ethereum.development,
  tron: xpubSettings.tron.development,
};
const XPUB = 0x0488b21e;
const YPUB = 0x049d7cb2;
const ZPUB = 0x04b24746;
const TPUB = 0x043587cf;
const VPUB = 0x045f1cf6;

describe('BIP84 test vectors (mnemonic "abandon … about")', () => {
  const accountZpub =
    'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

  it('the development BTC key is the published account zpub, and the script derives it', () => {
    expect(dev.bitcoin).toBe(accountZpub);
    expect(deriveDevXpubs()).toEqual(dev);
  });

  it.each([
    [0, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'],
    [1, 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'],
  ])('receive address %i from the account zpub', (index, address) => {
    expect(deriveDepositAddress(accountZpub, 'BTC', index)).toBe(address);
  });

  it('the first receive public key and the first change address', () => {
    const account = parseAccountXpub(accountZpub, 'bitcoin');
    expect(bytesToHex(account.deriveChild(0).deriveChild(0).publicKey ?? new Uint8Array())).toBe(
      '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
    );
    const change = account.deriveChild(1).deriveChild(0).publicKey ?? new Uint8Array();
    expect(encodeAddress('bitcoin', change)).toBe('bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el');
  });

  it('the same account written as xpub derives the same addresses', () => {
    const asXpub = withVersion(accountZpub, XPUB);
    expect(asXpub.startsWith('xpub')).toBe(true);
    expect(deriveDepositAddress(asXpub, 'BTC', 0)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
  });

  it('refuses the published root zpub (not an account key) and the account zprv', () => {
    const rootZpub =
      'zpub6jftahH18ngZxLmXaKw3GSZzZsszmt9WqedkyZdezFtWRFBZqsQH5hyUmb4pCEeZGmVfQuP5bedXTB8is6fTv19U1GQRyQUKQGUTzyHACMF';
    expect(() => deriveDepositAddress(rootZpub, 'BTC', 0)).toThrow(/account-level.*depth 0/);
    const accountZprv =
      'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE';
    expect(() => deriveDepositAddress(accountZprv, 'BTC', 0)).toThrow(/PRIVATE/);
  });
});

describe('BIP32 test vectors 1 and 2: public derivation from an extended public key', () => {
  // [parent ext pub, non-hardened child index, published child ext pub]
  const steps: [string, string, number, string][] = [
    [
      'TV1 m/0H → m/0H/1',
      'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
      1,
      'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
    ],
    [
      'TV1 m/0H/1/2H → m/0H/1/2H/2',
      'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
      2,
      'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
    ],
    [
      'TV1 m/0H/1/2H/2 → m/0H/1/2H/2/1000000000',
      'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
      1_000_000_000,
      'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
    ],
    [
      'TV2 m → m/0',
      'xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB',
      0,
      'xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH',
    ],
    [
      'TV2 m/0/2147483647H → m/0/2147483647H/1',
      'xpub6ASAVgeehLbnwdqV6UKMHVzgqAG8Gr6riv3Fxxpj8ksbH9ebxaEyBLZ85ySDhKiLDBrQSARLq1uNRts8RuJiHjaDMBU4Zn9h8LZNnBC5y4a',
      1,
      'xpub6DF8uhdarytz3FWdA8TvFSvvAh8dP3283MY7p2V4SeE2wyWmG5mg5EwVvmdMVCQcoNJxGoWaU9DCWh89LojfZ537wTfunKau47EL2dhHKon',
    ],
    [
      'TV2 m/0/2147483647H/1/2147483646H → …/2',
      'xpub6ERApfZwUNrhLCkDtcHTcxd75RbzS1ed54G1LkBUHQVHQKqhMkhgbmJbZRkrgZw4koxb5JaHWkY4ALHY2grBGRjaDMzQLcgJvLJuZZvRcEL',
      2,
      'xpub6FnCn6nSzZAw5Tw7cgR9bi15UV96gLZhjDstkXXxvCLsUXBGXPdSnLFbdpq8p9HmGsApME5hQTZ3emM2rnY5agb9rXpVGyy3bdW6EEgAtqt',
    ],
  ];

  it.each(steps)('%s', (_name, parent, index, child) => {
    expect(HDKey.fromExtendedKey(parent).deriveChild(index).publicExtendedKey).toBe(child);
  });

  it('a hardened child cannot be derived from a public key', () => {
    const [, parent] = steps[0] ?? [];
    expect(() => HDKey.fromExtendedKey(parent ?? '').deriveChild(0x80000000)).toThrow();
  });

  it.each([
    [
      'pubkey version / prvkey mismatch',
      'xpub661MyMwAqRbcEYS8w7XLSVeEsBXy79zSzH1J8vCdxAZningWLdN3zgtU6LBpB85b3D2yc8sfvZU521AAwdZafEz7mnzBBsz4wKY5fTtTQBm',
      /PRIVATE/,
    ],
    [
      'invalid pubkey prefix 04',
      'xpub661MyMwAqRbcEYS8w7XLSVeEsBXy79zSzH1J8vCdxAZningWLdN3zgtU6Txnt3siSujt9RCVYsx4qHZGc62TG4McvMGcAUjeuwZdduYEvFn',
      /./,
    ],
    [
      'invalid pubkey prefix 01',
      'xpub661MyMwAqRbcEYS8w7XLSVeEsBXy79zSzH1J8vCdxAZningWLdN3zgtU6N8ZMMXctdiCjxTNq964yKkwrkBJJwpzZS4HS2fxvyYUA4q2Xe4',
      /./,
    ],
  ])('test vector 5 (%s) is refused', (_reason, key, message) => {
    expect(() => parseAccountXpub(key, 'ethereum')).toThrow(ExtendedKeyError);
    expect(() => parseAccountXpub(key, 'ethereum')).toThrow(message);
  });
});

describe('extended keys the server refuses', () => {
  it('a private key, even mistyped, without repeating it in the message', () => {
    const xprv = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").privateExtendedKey;
    for (const key of [xprv, `${xprv.slice(0, -1)}x`, withVersion(xprv, 0x04358394)]) {
      let message = '';
      try {
        parseAccountXpub(key, 'ethereum');
      } catch (error) {
        message = error instanceof Error ? error.message : '';
      }
      expect(message).toMatch(/PRIVATE/);
      expect(message).not.toContain(key.slice(4, 20));
    }
  });

  const refused: [string, () => string, ChainFamily, RegExp][] = [
    ['testnet tpub', () => withVersion(dev.ethereum, TPUB), 'ethereum', /testnet/],
    ['testnet vpub', () => withVersion(dev.bitcoin, VPUB), 'bitcoin', /testnet/],
    ['ypub for BTC (BIP49, P2SH-wrapped)', () => withVersion(dev.bitcoin, YPUB), 'bitcoin', /ypub/],
    ['zpub for Ethereum', () => withVersion(dev.ethereum, ZPUB), 'ethereum', /zpub/],
    [
      'a key one level too deep',
      () => HDKey.fromExtendedKey(dev.tron).deriveChild(0).publicExtendedKey,
      'tron',
      /depth 4/,
    ],
    ['random text', () => 'not-a-key', 'bitcoin', /base58/],
    [
      'a changed character',
      () => `${dev.tron.slice(0, 40)}1${dev.tron.slice(41)}`,
      'tron',
      /base58/,
    ],
    ['a bare address', () => 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', 'tron', /78/],
    [
      'a public key that is not a curve point',
      () => {
        const bytes = base58checkDecode(dev.ethereum);
        bytes[45] = 0x04;
        return base58checkEncode(bytes);
      },
      'ethereum',
      /secp256k1 point/,
    ],
  ];
  it.each(refused)('%s', (_name, key, family, message) => {
    expect(() => parseAccountXpub(key(), family)).toThrow(message);
  });

  it.each([-1, 1.5, 2 ** 31, Number.NaN])('address index %s', (index) => {
    expect(() => deriveDepositAddress(dev.ethereum, 'ETH', index)).toThrow(RangeError);
  });
});

describe('settings', () => {
  it('unset settings take the public test keys, flagged as such', () => {
    const resolved = resolveWalletXpubs({});
    expect(resolved.bitcoin).toEqual({ xpub: dev.bitcoin, isDevelopmentDefault: true });
    expect(resolved.ethereum).toEqual({ xpub: dev.ethereum, isDevelopmentDefault: true });
    expect(resolved.tron).toEqual({ xpub: dev.tron, isDevelopmentDefault: true });
  });

  it('the test key written as xpub instead of zpub is still recognised as the test key', () => {
    const resolved = resolveWalletXpubs({ WALLET_XPUB_BTC: withVersion(dev.bitcoin, XPUB) });
    expect(resolved.bitcoin.isDevelopmentDefault).toBe(true);
  });

  it('a configured key is used; a bad one names its setting', () => {
    const other = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/60'/0'");
    const resolved = resolveWalletXpubs({ WALLET_XPUB_ETH: other.publicExtendedKey });
    expect(resolved.ethereum).toEqual({
      xpub: other.publicExtendedKey,
      isDevelopmentDefault: false,
    });
    expect(() => resolveWalletXpubs({ WALLET_XPUB_TRON: other.privateExtendedKey })).toThrow(
      /^WALLET_XPUB_TRON: .*PRIVATE/,
    );
  });
});

describe('Ethereum', () => {
  it.each([
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])('EIP-55 example %s', (address) => {
    for (const chain of ['ETH', 'ERC20'] as const) {
      expect(validateAddress(chain, address)).toEqual({ ok: true, normalized: address });
      expect(validateAddress(chain, address.toLowerCase())).toEqual({
        ok: true,
        normalized: address,
      });
      expect(validateAddress(chain, `0x${address.slice(2).toUpperCase()}`)).toEqual({
        ok: true,
        normalized: address,
      });
    }
  });

  it('a wrong mixed-case checksum is refused', () => {
    expect(validateAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toEqual({
      ok: false,
      reason: 'checksum',
    });
    expect(validateAddress('ETH', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual({
      ok: false,
      reason: 'checksum',
    });
  });

  it.each([
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg',
    '',
  ])('malformed %j', (address) => {
    expect(validateAddress('ETH', address)).toEqual({ ok: false, reason: 'format' });
  });

  it("m/44'/60'/0'/0/0 of \"abandon … about\" is 0x9858EfFD…, by public and by private derivation", () => {
    const expected = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    expect(deriveDepositAddress(dev.ethereum, 'ETH', 0)).toBe(expected);
    expect(deriveDepositAddress(dev.ethereum, 'ERC20', 0)).toBe(expected);
    const privateKey = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0/0").privateKey;
    expect(eip55(bytesToHex(accountBytesOfPrivateKey(privateKey ?? new Uint8Array())))).toBe(
      expected,
    );
  });
});

describe('Tron', () => {
  it("the documentation's example address and its hex form", () => {
    const address = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    const hex = '415cbdd86a2fa8dc4bddd8a8f69dba48572eec07fb';
    expect(base58checkEncode(hexToBytes(hex))).toBe(address);
    expect(bytesToHex(base58checkDecode(address))).toBe(hex);
    expect(validateAddress('TRC20', address)).toEqual({ ok: true, normalized: address });
  });

  it("m/44'/195'/0'/0/0 of \"abandon … about\", by public and by private derivation", () => {
    const expected = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
    expect(deriveDepositAddress(dev.tron, 'TRC20', 0)).toBe(expected);
    const privateKey = HDKey.fromMasterSeed(seed).derive("m/44'/195'/0'/0/0").privateKey;
    const account = accountBytesOfPrivateKey(privateKey ?? new Uint8Array());
    expect(base58checkEncode(Uint8Array.from([0x41, ...account]))).toBe(expected);
  });

  it('a Tron address carries the same 20 bytes as the Ethereum address of the same key', () => {
    const key = HDKey.fromExtendedKey(dev.tron).deriveChild(0).deriveChild(5).publicKey;
    const tron = encodeAddress('tron', key ?? new Uint8Array());
    const ethereum = encodeAddress('ethereum', key ?? new Uint8Array());
    expect(`0x${bytesToHex(base58checkDecode(tron).subarray(1))}`).toBe(ethereum.toLowerCase());
  });

  it('a changed checksum and other networks are refused', () => {
    expect(validateAddress('TRC20', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9')).toEqual({
      ok: false,
      reason: 'checksum',
    });
    // The same 20 bytes under Bitcoin's P2PKH version byte are a Bitcoin address, not Tron's.
    const asBitcoin = base58checkEncode(hexToBytes('005cbdd86a2fa8dc4bddd8a8f69dba48572eec07fb'));
    expect(validateAddress('TRC20', asBitcoin)).toEqual({ ok: false, reason: 'chain' });
    expect(validateAddress('TRC20', '415cbdd86a2fa8dc4bddd8a8f69dba48572eec07fb')).toEqual({
      ok: false,
      reason: 'format',
    });
  });
});

describe('Bitcoin: bech32 and bech32m strings (BIP173, BIP350)', () => {
  it.each([
    'A12UEL5L',
    'a12uel5l',
    'an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs',
    'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
    '11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j',
    'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
    '?1ezyfcl',
  ])('valid bech32 %s (and not bech32m)', (text) => {
    expect(bech32.decodeUnsafe(text)).toBeTruthy();
    expect(bech32m.decodeUnsafe(text)).toBeFalsy();
  });

  it.each([
    'A1LQFN3A',
    'a1lqfn3a',
    'an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6',
    'abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx',
    '11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8',
    'split1checkupstagehandshakeupstreamerranterredcaperredlc445v',
    '?1v759aa',
  ])('valid bech32m %s (and not bech32)', (text) => {
    expect(bech32m.decodeUnsafe(text)).toBeTruthy();
    expect(bech32.decodeUnsafe(text)).toBeFalsy();
  });

  it.each([
    '\x201nwldj5',
    '\x7f1axkwrx',
    '\x801eym55h',
    'an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx',
    'pzry9x0s0muk',
    '1pzry9x0s0muk',
    'x1b4n0q5v',
    'li1dgmt3',
    'de1lg7wt\xff',
    'A1G7SGD8',
    '10a06t8',
    '1qzzfhee',
  ])('invalid bech32 %j', (text) => {
    expect(bech32.decodeUnsafe(text)).toBeFalsy();
  });

  it.each([
    '\x201xj0phk',
    '\x7f1g6xzxy',
    '\x801vctc34',
    'an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4',
    'qyrz8wqd2c9m',
    '1qyrz8wqd2c9m',
    'y1b0jsk6g',
    'lt1igcx5c0',
    'in1muywd',
    'mm1crxm3i',
    'au1s5cgom',
    'M1VUXWEZ',
    '16plkw9',
    '1p2gdwpf',
  ])('invalid bech32m %j', (text) => {
    expect(bech32m.decodeUnsafe(text)).toBeFalsy();
  });
});

describe('Bitcoin addresses', () => {
  it.each([
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', '0014751e76e8199196d454941c45d1b3a323f1433bd6'],
    [
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      '5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6',
    ],
    ['BC1SW50QGDZ25J', '6002751e'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', '5210751e76e8199196d454941c45d1b3a323'],
    [
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
    ],
  ])('BIP350 valid mainnet address %s', (address, script) => {
    const result = validateAddress('BTC', address);
    expect(result).toEqual({ ok: true, normalized: address.toLowerCase() });
    expect(segwitScript(address)).toBe(script);
  });

  it.each([
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
    'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
  ])('BIP350 valid testnet address %s is not a mainnet address', (address) => {
    expect(validateAddress('BTC', address)).toEqual({ ok: false, reason: 'format' });
  });

  it.each([
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
    'BC1SW50QA3JX3S',
    'bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj',
  ])('BIP173 v1+ example %s, bech32 rather than bech32m, is refused since BIP350', (address) => {
    expect(validateAddress('BTC', address)).toEqual({ ok: false, reason: 'checksum' });
  });

  it.each([
    ['tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', 'format'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'checksum'],
    ['BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', 'format'],
    ['bc1rw5uspcuh', 'format'],
    ['bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', 'format'],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'format'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', 'format'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', 'format'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv', 'format'],
    ['bc1gmk9yu', 'format'],
  ])('BIP173 invalid address %s', (address, reason) => {
    expect(validateAddress('BTC', address)).toEqual({ ok: false, reason });
  });

  it.each([
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'format'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'checksum'],
    ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', 'format'],
    ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'checksum'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'checksum'],
    ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'format'],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'format'],
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'format'],
    ['bc1pw5dgrnzv', 'format'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'format'],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'format'],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', 'format'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'format'],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', 'format'],
    ['bc1gmk9yu', 'format'],
  ])('BIP350 invalid address %s', (address, reason) => {
    expect(validateAddress('BTC', address)).toEqual({ ok: false, reason });
  });

  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '0062e907b15cbf27d5425399ebf6f0fb50ebb88f18'],
    ['1BoatSLRHtKNngkdXEeobR76b53LETtpyT', '007680adec8eabcabac676be9e83854ade0bd22cdb'],
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', null],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', null],
  ])('legacy base58check address %s', (address, payload) => {
    expect(validateAddress('BTC', address)).toEqual({ ok: true, normalized: address });
    if (payload) expect(base58checkEncode(hexToBytes(payload))).toBe(address);
  });

  it('legacy: a wrong checksum, and a base58check payload of another kind', () => {
    expect(validateAddress('BTC', '1BoatSLRHtKNngkdXEeobR76b53LETtpyt')).toEqual({
      ok: false,
      reason: 'checksum',
    });
    // A testnet P2PKH payload (version 0x6f) under a 1… look-alike is not mainnet.
    const testnet = base58checkEncode(hexToBytes('6f7680adec8eabcabac676be9e83854ade0bd22cdb'));
    expect(validateAddress('BTC', testnet)).toEqual({ ok: false, reason: 'format' });
  });

  it('white space around a pasted address is ignored, inside it is not', () => {
    expect(validateAddress('BTC', '  bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu\n')).toEqual({
      ok: true,
      normalized: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    });
    expect(validateAddress('BTC', 'bc1qcr8te4kr609gcaw utmrza0j4xv80jy8z306fyu')).toEqual({
      ok: false,
      reason: 'format',
    });
  });
});

describe('an address of another chain', () => {
  it.each([
    ['ERC20', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'],
    ['ETH', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'],
    ['TRC20', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'],
    ['TRC20', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
    ['BTC', '0x9858effd232b4033e47d90003d41ec34ecaeda94'],
    ['BTC', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'],
  ] as const)('%s given %s', (chain, address) => {
    expect(validateAddress(chain, address)).toEqual({ ok: false, reason: 'chain' });
  });

  it('a mistyped address of another chain is only a bad format', () => {
    expect(validateAddress('ERC20', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9')).toEqual({
      ok: false,
      reason: 'format',
    });
  });

  it('names the chains an address belongs to', () => {
    expect(chainsOfAddress('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toEqual(['TRC20']);
    expect(chainsOfAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual(['ERC20', 'ETH']);
    expect(chainsOfAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toEqual(['BTC']);
    expect(chainsOfAddress('hello')).toEqual([]);
  });
});

describe('chain table', () => {
  it('has the fixed ids', () => {
    expect([...chainIds]).toEqual(['BTC', 'ERC20', 'ETH', 'TRC20']);
    for (const id of chainIds) expect(chains[id].id).toBe(id);
  });

  it.each(chainIds)('the %s example is a valid address of its chain', (id) => {
    const example = chains[id].addressExample;
    expect(validateAddress(id, example)).toEqual({ ok: true, normalized: example });
  });
});

describe('properties', () => {
  const chain = fc.constantFrom<ChainId>(...chainIds);
  const index = fc.integer({ min: 0, max: 2 ** 31 - 1 });
  const xpubOf = (id: ChainId) => dev[chains[id].family];
  // Characters a typo could bring: every address alphabet, both cases, and a few strays.
  const typo = fc.constantFrom(
    ...'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ -_.:'.split(''),
  );

  it('every derived address validates for its chain, unchanged', () => {
    fc.assert(
      fc.property(chain, index, (id, i) => {
        const address = deriveDepositAddress(xpubOf(id), id, i);
        expect(validateAddress(id, address)).toEqual({ ok: true, normalized: address });
      }),
      { numRuns: 200 },
    );
  });

  it('a single changed character fails validation with a checksum or format reason', () => {
    fc.assert(
      fc.property(chain, index, fc.nat(), typo, (id, i, at, char) => {
        const address = deriveDepositAddress(xpubOf(id), id, i);
        const position = at % address.length;
        fc.pre(address[position] !== char);
        const changed = address.slice(0, position) + char + address.slice(position + 1);
        // EIP-55 is a hash checksum over letter case, not an error-detecting code: it lets
        // through the rare typo (0.0247 % per EIP-55) whose own checksum happens to match.
        if (chains[id].family === 'ethereum') {
          const digits = changed.slice(2);
          fc.pre(!/^0x[0-9a-fA-F]{40}$/.test(changed) || eip55(digits) !== changed);
          fc.pre(digits !== digits.toLowerCase() && digits !== digits.toUpperCase());
        }
        const result = validateAddress(id, changed);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(['checksum', 'format']).toContain(result.reason);
      }),
      { numRuns: 400 },
    );
  });

  it('different indexes give different addresses', () => {
    fc.assert(
      fc.property(chain, index, index, (id, a, b) => {
        fc.pre(a !== b);
        expect(deriveDepositAddress(xpubOf(id), id, a)).not.toBe(
          deriveDepositAddress(xpubOf(id), id, b),
        );
      }),
      { numRuns: 100 },
    );
  });
});
