// Settings of the real chains (docs/wallet.md): the Ethereum node the deposit watcher reads, the
// test or real USDT contract, and how many confirmations a deposit waits for. With no RPC URL the
// wallet keeps its simulated chain and nothing here runs.
import { z } from 'zod';
import { decimalText } from '../settings-fields.ts';

const confirmations = z.coerce.number().int().min(1).max(10_000);

/** The variables, spread into the settings schema of config.ts. */
export const chainEnvShape = {
  /** An Ethereum JSON-RPC endpoint (`http://127.0.0.1:8545`); unset, the watcher does not run. */
  CHAIN_EVM_RPC_URL: z
    .string()
    .regex(/^https?:\/\/.+/, 'must be an http(s):// URL')
    .optional(),
  /** The chain id the node must answer with, so a watcher never reads the wrong network. */
  CHAIN_EVM_CHAIN_ID: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1)
    .optional(),
  /** The USDT (ERC-20) contract whose transfers to deposit addresses are deposits. */
  CHAIN_EVM_USDT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits')
    .optional(),
  CHAIN_EVM_CONFIRMATIONS_ETH: confirmations.default(12),
  CHAIN_EVM_CONFIRMATIONS_USDT: confirmations.default(12),
  /** How often the watcher asks the node for new blocks. */
  CHAIN_EVM_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /**
   * The file holding the account-level extended private key (m/44'/60'/0') the in-process signer
   * signs with; it must be readable by its owner only. Unset with the development WALLET_XPUB_ETH,
   * the development key is written to the data directory; unset with a real key, nothing is signed.
   */
  CHAIN_SIGNER_KEY_FILE: z.string().min(1).optional(),
  /**
   * An external signer's JSON-RPC endpoint (`eth_signTransaction`, docs/wallet.md § "The signer").
   * Set, it wins over the key file: the API process holds no private key and reads no key file.
   */
  CHAIN_SIGNER_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s):// URL')
    .optional(),
  /** The bearer token the external signer requires (and the development signer service checks). */
  CHAIN_SIGNER_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,512}$/, 'must be 32 to 512 printable characters without spaces')
    .optional(),
  /** A sent transaction not mined this long is replaced at its nonce with a higher fee. */
  CHAIN_EVM_REPLACE_AFTER_MS: z.coerce.number().int().min(1000).max(86_400_000).default(120_000),
  /** The least balance a deposit address is swept at, per asset (below it, gas would eat it). */
  CHAIN_EVM_SWEEP_MIN_ETH: decimalText(18, 'must be a decimal with at most 18 decimals').default(
    '0.01',
  ),
  CHAIN_EVM_SWEEP_MIN_USDT: decimalText(6, 'must be a decimal with at most 6 decimals').default(
    '10',
  ),
  /** How often on-chain holdings are reconciled with the ledger's liabilities; 0 turns it off. */
  CHAIN_RECONCILE_MS: z.coerce.number().int().min(0).max(604_800_000).default(3_600_000),
  /** How often a proof-of-reserves snapshot is published; 0 turns it off. */
  CHAIN_POR_MS: z.coerce.number().int().min(0).max(2_592_000_000).default(86_400_000),
  /** A block explorer's page of a transaction, `{txid}` standing for its hash. */
  CHAIN_EXPLORER_TX_URL: z
    .string()
    .regex(/^https?:\/\/\S*\{txid\}\S*$/, 'must be an http(s) URL containing {txid}')
    .optional(),
};

export interface EvmSettings {
  rpcUrl: string;
  chainId: number | undefined;
  usdtAddress: string | undefined;
  confirmationsEth: number;
  confirmationsUsdt: number;
  pollMs: number;
  replaceAfterMs: number;
  /** Least balances swept, in the asset's units as decimal strings. */
  sweepMin: { ETH: string; USDT: string };
}

export interface ChainSettings {
  /** Null: no Ethereum node is configured, deposits come from the simulated chain only. */
  evm: EvmSettings | null;
  explorerTxUrl: string | undefined;
  signerKeyFile: string | undefined;
  /** The external signer, when one is named (with its token: checked by chainSettingsProblem). */
  signerUrl: string | undefined;
  signerToken: string | undefined;
  reconcileMs: number;
  proofOfReservesMs: number;
}

type ChainEnv = z.output<z.ZodObject<typeof chainEnvShape>>;

export function chainSettingsOf(env: ChainEnv): ChainSettings {
  return {
    evm: env.CHAIN_EVM_RPC_URL
      ? {
          rpcUrl: env.CHAIN_EVM_RPC_URL,
          chainId: env.CHAIN_EVM_CHAIN_ID,
          usdtAddress: env.CHAIN_EVM_USDT_ADDRESS,
          confirmationsEth: env.CHAIN_EVM_CONFIRMATIONS_ETH,
          confirmationsUsdt: env.CHAIN_EVM_CONFIRMATIONS_USDT,
          pollMs: env.CHAIN_EVM_POLL_MS,
          replaceAfterMs: env.CHAIN_EVM_REPLACE_AFTER_MS,
          sweepMin: { ETH: env.CHAIN_EVM_SWEEP_MIN_ETH, USDT: env.CHAIN_EVM_SWEEP_MIN_USDT },
        }
      : null,
    explorerTxUrl: env.CHAIN_EXPLORER_TX_URL,
    signerKeyFile: env.CHAIN_SIGNER_KEY_FILE,
    signerUrl: env.CHAIN_SIGNER_URL,
    signerToken: env.CHAIN_SIGNER_TOKEN,
    reconcileMs: env.CHAIN_RECONCILE_MS,
    proofOfReservesMs: env.CHAIN_POR_MS,
  };
}

/** What no single variable's check can see: an external signer named without its token. */
export function chainSettingsProblem(settings: ChainSettings): string | undefined {
  if (settings.signerUrl && !settings.signerToken) {
    return 'CHAIN_SIGNER_URL: the external signer needs its token in CHAIN_SIGNER_TOKEN';
  }
  return undefined;
}
