// The signer: the only part of the platform that holds the Ethereum account's private key
// (docs/wallet.md § "The signer"). The hot wallet and the sweeper hand it a transaction and the
// address it must come from, and get it back signed; they never see a key. In the embedded
// default the key is read in process from a file only its owner may read; in production it lives
// in an external signer, and the API process holds no private key at all.
import type { Address, Hex, TransactionSerializableEIP1559 } from 'viem';

/**
 * Which child of the account key (m/44'/60'/0') signs: the hot wallet is `1/0`, the first
 * address of the internal (change) chain; deposit address `n` is `0/n`, as deposit addresses
 * are derived (server/wallet/addresses/derive.ts).
 */
export type SigningKey = { role: 'hot' } | { role: 'deposit'; index: number };

export interface ChainSigner {
  /** What kind of signer this is, for `ops chain status` and the start-up log. */
  readonly kind: 'file' | 'external';
  /** Signs an EIP-1559 transaction as `from`, which must be the address of `key`. */
  signTransaction(
    key: SigningKey,
    from: Address,
    transaction: TransactionSerializableEIP1559,
  ): Promise<Hex>;
}

/** The key's path below the account key. */
export function keyPath(key: SigningKey): [number, number] {
  return key.role === 'hot' ? [1, 0] : [0, key.index];
}
