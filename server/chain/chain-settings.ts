// Settings of the real chains (docs/wallet.md): the Ethereum node the deposit watcher reads, the
// test or real USDT contract, and how many confirmations a deposit waits for. With no RPC URL the
// wallet keeps its simulated chain and nothing here runs.
import { z } from 'zod';

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
}

export interface ChainSettings {
  /** Null: no Ethereum node is configured, deposits come from the simulated chain only. */
  evm: EvmSettings | null;
  explorerTxUrl: string | undefined;
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
        }
      : null,
    explorerTxUrl: env.CHAIN_EXPLORER_TX_URL,
  };
}
