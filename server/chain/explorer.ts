// A transaction's page on a block explorer (CHAIN_EXPLORER_TX_URL, `{txid}` standing for the
// hash), for the transactions of the real Ethereum chain only: the simulated chain's made-up ids
// have no page anywhere, and a link to one would mislead.
import { evmChainNames } from './evm/evm-chains.ts';

const ethereumChains = new Set<string>(evmChainNames);
const ethereumHash = /^0x[0-9a-fA-F]{64}$/;

export function explorerLink(
  template: string | undefined,
  chain: string,
  txid: string | null,
): string | null {
  if (!template || txid === null || !ethereumChains.has(chain) || !ethereumHash.test(txid)) {
    return null;
  }
  return template.replaceAll('{txid}', txid);
}
