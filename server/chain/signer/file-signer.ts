// The in-process signer: the account-level extended private key read from a file that only its
// owner may read or write (mode 0600 or stricter), refused otherwise, and refused when it is not
// the private half of the configured WALLET_XPUB_ETH (its deposit addresses would not be ours).
// The key is parsed once and kept in this object only; nothing logs or answers it.
import { readFile, stat } from 'node:fs/promises';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import type { Address, Hex, TransactionSerializableEIP1559 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { parseAccountXpub } from '../../wallet/addresses/derive.ts';
import { keyAddress } from '../evm/key-addresses.ts';
import { type ChainSigner, keyPath, type SigningKey } from './signer.ts';

export class SignerKeyError extends Error {
  override name = 'SignerKeyError';
}

export class FileSigner implements ChainSigner {
  readonly kind = 'file';

  private constructor(private readonly account: HDKey) {}

  /** Reads and checks the key file; `accountXpub` is the configured WALLET_XPUB_ETH. */
  static async open(file: string, accountXpub: string): Promise<FileSigner> {
    const info = await stat(file).catch(() => {
      throw new SignerKeyError(`the signer's key file ${file} cannot be read`);
    });
    if ((info.mode & 0o077) !== 0) {
      throw new SignerKeyError(
        `the signer's key file ${file} may be read by others (mode ${(info.mode & 0o777).toString(8)}): make it 0600`,
      );
    }
    let account: HDKey;
    try {
      account = HDKey.fromExtendedKey((await readFile(file, 'utf8')).trim());
    } catch {
      // The message never repeats the file's content.
      throw new SignerKeyError(`the signer's key file ${file} holds no extended private key`);
    }
    if (!account.privateKey) {
      throw new SignerKeyError(
        `the signer's key file ${file} holds a public key, not a private one`,
      );
    }
    const expected = parseAccountXpub(accountXpub, 'ethereum');
    if (account.publicExtendedKey !== expected.publicExtendedKey) {
      throw new SignerKeyError(
        `the signer's key is not the private half of WALLET_XPUB_ETH: its addresses would not be the deposit addresses`,
      );
    }
    return new FileSigner(account);
  }

  async signTransaction(
    key: SigningKey,
    from: Address,
    transaction: TransactionSerializableEIP1559,
  ): Promise<Hex> {
    if (keyAddress(this.account, key) !== from) {
      throw new Error(`the key ${keyPath(key).join('/')} is not the key of ${from}`);
    }
    const [branch, index] = keyPath(key);
    const child = this.account.deriveChild(branch).deriveChild(index);
    if (!child.privateKey) throw new Error('the derived key has no private key');
    return privateKeyToAccount(`0x${bytesToHex(child.privateKey)}`).signTransaction(transaction);
  }
}
