// The addresses of the account key's children, from its extended public key alone: the hot wallet
// (`1/0`) and each deposit address (`0/n`). The API process knows every address it sends from
// without holding a private key.
import type { HDKey } from '@scure/bip32';
import { type Address, getAddress } from 'viem';
import { encodeAddress, parseAccountXpub } from '../../wallet/addresses/derive.ts';
import { keyPath, type SigningKey } from '../signer/signer.ts';

export function keyAddress(accountXpub: string | HDKey, key: SigningKey): Address {
  const account =
    typeof accountXpub === 'string' ? parseAccountXpub(accountXpub, 'ethereum') : accountXpub;
  const [branch, index] = keyPath(key);
  const child = account.deriveChild(branch).deriveChild(index);
  if (!child.publicKey) throw new Error('the derived key has no public key');
  return getAddress(encodeAddress('ethereum', child.publicKey));
}

export const hotWalletAddress = (accountXpub: string | HDKey) =>
  keyAddress(accountXpub, { role: 'hot' });
