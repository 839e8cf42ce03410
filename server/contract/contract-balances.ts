// The contract wallets (USDT) of the users a batch acts for, read once per batch and kept current
// as the batch's postings apply, so each command is checked against what the commands before it
// left. Only the users read are known: others' balances are not needed to check anything.
import type { Posting } from '../ledger/post.ts';

interface Wallet {
  available: bigint;
  frozen: bigint;
}

export class ContractBalances {
  readonly #wallets = new Map<number, Wallet>();

  set(userId: number, available: bigint, frozen: bigint): void {
    this.#wallets.set(userId, { available, frozen });
  }

  has(userId: number): boolean {
    return this.#wallets.has(userId);
  }

  available(userId: number): bigint {
    return this.#wallets.get(userId)?.available ?? 0n;
  }

  /** Available plus frozen: everything in the contract wallet. */
  total(userId: number): bigint {
    const wallet = this.#wallets.get(userId);
    return wallet ? wallet.available + wallet.frozen : 0n;
  }

  apply(posting: Posting): void {
    for (const leg of posting.legs) {
      const { account } = leg;
      if (!('user' in account) || account.wallet !== 'contract' || account.asset !== 'USDT') {
        continue;
      }
      const wallet = this.#wallets.get(account.user);
      if (wallet) wallet[leg.bucket] += leg.amount;
    }
  }
}
