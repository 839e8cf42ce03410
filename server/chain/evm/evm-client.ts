// A viem client of the configured Ethereum node. No cache: the watcher asks for the head every
// round and must see the newest block, not one remembered from the last call.
import { createPublicClient, http, type PublicClient } from 'viem';

export function evmClient(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { retryCount: 1 }), cacheTime: 0 });
}
