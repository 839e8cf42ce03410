// Where a withdrawal may send funds (docs/security.md): in whitelist mode only to an address in the
// book, and in any mode only to an address whose entry in the book is older than the address hold,
// so that someone who took over a session cannot empty the account to an address of their own
// before the owner, told by a notice, can act.
//
// An address not in the book is saved to it by the withdrawal that names it, and that withdrawal
// is refused until the hold has passed. The hold has to cover typed addresses too: were it only on
// the book's entries, typing a fresh address into the withdraw form would skip it. Saving it (and
// telling the owner, as adding it by hand does) lets the user come back once the hold is over
// without adding it again.
import type { UserRow } from '../accounts/users.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import { notify } from '../security/notices.ts';
import { untilText } from '../security/withdraw-hold.ts';
import { type AddressEntry, addAddressEntry, findAddressEntry } from './address-book.ts';

export interface WithdrawTarget {
  asset: string;
  chain: string;
  /** As the chain's check normalised it, the form the book keeps. */
  address: string;
}

/** When an entry of the book can first receive funds. */
export const usableFrom = (entry: AddressEntry, holdMs: number): Date =>
  new Date(new Date(entry.created_at).getTime() + holdMs);

/**
 * Saves an address to the user's book (or updates the remark of the entry it has) and, when it is
 * new, tells the owner from when it can receive funds. Answers the entry.
 */
export async function saveAddress(
  deps: AppDeps,
  userId: number,
  target: WithdrawTarget,
  remark: string,
): Promise<AddressEntry> {
  const { entry, added } = await addAddressEntry(
    deps.db,
    { user_id: userId, ...target, remark },
    deps.config.addressBookMaxEntries,
    deps.clock.now(),
  );
  if (added) {
    await notify(deps, userId, {
      kind: 'address_added',
      ...target,
      usableFrom: usableFrom(entry, deps.config.security.addressHoldMs),
    });
  }
  return entry;
}

/** Refuses a withdrawal to an address outside the whitelist, or one still on hold. */
export async function assertAddressUsable(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'withdraw_whitelist'>,
  target: WithdrawTarget,
): Promise<void> {
  const found = await findAddressEntry(deps.db, { user_id: user.id, ...target });
  if (!found && user.withdraw_whitelist) {
    throw new BusinessError('withdraw_address_not_whitelisted');
  }
  // Saved in a transaction of its own: the address stays in the book, and the owner is told of
  // it, whatever becomes of this request.
  const entry = found ?? (await saveAddress(deps, user.id, target, ''));
  const from = usableFrom(entry, deps.config.security.addressHoldMs);
  if (from > deps.clock.now()) {
    throw new BusinessError('withdraw_address_on_hold', { until: untilText(from) });
  }
}
