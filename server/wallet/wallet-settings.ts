// Settings of the wallet (docs/operations.md § Settings, docs/wallet.md): the assets and chains
// with their fees and minimums (WALLET_ASSETS_FILE, else the defaults), the extended public keys
// deposit addresses derive from (WALLET_XPUB_*), the address book's size, and whether a
// withdrawal needs a verified identity.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { flag, intBetween } from '../settings-fields.ts';
import type { ChainFamily } from './addresses/chains.ts';
import { ExtendedKeyError, type ResolvedXpub, resolveWalletXpubs } from './addresses/derive.ts';
import { type AssetSpec, defaultAssets, parseAssetsFile } from './assets.ts';

/** The variables, spread into the settings schema of config.ts (WALLET_XPUB_* are read apart). */
export const walletEnvShape = {
  WALLET_ASSETS_FILE: z.string().min(1).optional(),
  ADDRESS_BOOK_MAX_ENTRIES: intBetween(1, 10_000).default(100),
  KYC_REQUIRED_FOR_WITHDRAWAL: flag.default(false),
};

export interface WalletSettings {
  /** Assets, chains and their switches, fees and minimums (WALLET_ASSETS_FILE, else defaults). */
  walletAssets: readonly AssetSpec[];
  /** Account-level extended public keys deposit addresses derive from (WALLET_XPUB_*). */
  walletXpubs: Record<ChainFamily, ResolvedXpub>;
  /** Saved withdrawal addresses per user. */
  addressBookMaxEntries: number;
  /** Withdrawals need a verified identity. */
  kycRequiredForWithdrawal: boolean;
}

type WalletEnv = z.output<z.ZodObject<typeof walletEnvShape>>;

/** The wallet's settings, or the problem that stops start-up: a bad asset file or key. */
export function walletSettingsOf(
  env: WalletEnv,
  raw: Readonly<Record<string, string | undefined>>,
): { settings: WalletSettings } | { problem: string } {
  let walletAssets: readonly AssetSpec[] = defaultAssets;
  if (env.WALLET_ASSETS_FILE) {
    try {
      walletAssets = parseAssetsFile(readFileSync(env.WALLET_ASSETS_FILE, 'utf8'));
    } catch (error) {
      const reason = error instanceof z.ZodError ? z.prettifyError(error) : String(error);
      return { problem: `WALLET_ASSETS_FILE: ${reason.replace(/\s+/g, ' ')}` };
    }
  }
  let walletXpubs: Record<ChainFamily, ResolvedXpub>;
  try {
    walletXpubs = resolveWalletXpubs(raw);
  } catch (error) {
    if (error instanceof ExtendedKeyError) return { problem: error.message };
    throw error;
  }
  return {
    settings: {
      walletAssets,
      walletXpubs,
      addressBookMaxEntries: env.ADDRESS_BOOK_MAX_ENTRIES,
      kycRequiredForWithdrawal: env.KYC_REQUIRED_FOR_WITHDRAWAL,
    },
  };
}
