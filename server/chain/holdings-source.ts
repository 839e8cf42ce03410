// Where the exchange's on-chain holdings are read from, as the settings name it: the configured
// Ethereum node, the account key's extended public key (for the hot wallet's address) and the
// USDT contract. Null when no node is configured: there is no real chain to hold anything on.
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { evmClient } from './evm/evm-client.ts';
import type { HoldingsSource } from './holdings.ts';

/** Said wherever holdings are asked for and there is no chain to read them from. */
export const noRealChain =
  'no Ethereum node is configured (CHAIN_EVM_RPC_URL): deposits come from the simulated chain and nothing is held on chain';

export function holdingsSource(db: Db, config: Config): HoldingsSource | null {
  const evm = config.chain.evm;
  if (!evm) return null;
  return {
    db,
    client: evmClient(evm.rpcUrl),
    accountXpub: config.walletXpubs.ethereum.xpub,
    usdtAddress: evm.usdtAddress,
  };
}
