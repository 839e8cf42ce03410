// `npx tsx scripts/dev-xpubs.ts`: prints the development-default wallet keys that
// server/wallet/addresses/derive.ts hard-codes, derived from BIP39's published test mnemonic.
// Anyone can compute their private keys: they are for development and tests, never real funds.
// Real keys are exported from the operator's offline signer or hardware wallet, never made here.
import { pathToFileURL } from 'node:url';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { ChainFamily } from '../server/wallet/addresses/chains.ts';
import { xpubSettings } from '../server/wallet/addresses/derive.ts';

export const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/** BIP84 wallets write the P2WPKH account key as zpub (SLIP-132 version bytes). */
const ZPUB_VERSIONS = { public: 0x04b24746, private: 0x04b2430c };

export function deriveDevXpubs(): Record<ChainFamily, string> {
  if (!validateMnemonic(TEST_MNEMONIC, wordlist)) throw new Error('Test mnemonic is not valid.');
  const seed = mnemonicToSeedSync(TEST_MNEMONIC);
  const account = (family: ChainFamily, versions?: { public: number; private: number }) =>
    HDKey.fromMasterSeed(seed, versions).derive(xpubSettings[family].accountPath).publicExtendedKey;
  return {
    bitcoin: account('bitcoin', ZPUB_VERSIONS),
    ethereum: account('ethereum'),
    tron: account('tron'),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const xpubs = deriveDevXpubs();
  for (const family of Object.keys(xpubs) as ChainFamily[]) {
    const { setting, accountPath } = xpubSettings[family];
    process.stdout.write(
      `# ${accountPath} of the public test mnemonic\n${setting}=${xpubs[family]}\n`,
    );
  }
}
