// The asset center's balances as they now stand: the `/wallet/balances` answer (valued in USDT at
// the index price) with each account's newest amounts, which the private `balances` channel keeps
// current (core/projections/balances.ts). A pushed amount is valued at the price the answer
// implied for its asset (its value over what it held, exact to the atom) or at 1 for USDT; an
// asset the answer held none of and cannot price shows no worth and counts in no total, as the
// server does for an asset without an index price, until the next answer (docs/wallet.md).
import { quoteAsset } from '../../core/figures.ts';
import { displayAmount, parseAmount } from '../../core/money.ts';
import { accountKey, type BalancesState } from '../../core/projections/balances.ts';
import type { WalletBalances } from '../../core/projections/wallet.ts';
import { walletNames } from '../../schemas/api/wallet.schema.ts';

type Row = WalletBalances['balances'][number];

const atoms = (text: string | null) => (text === null ? null : (parseAmount(text) ?? 0n));

/** What an account's new holding is worth, from the worth the answer gave its old one. */
function revalued(answered: Row | undefined, asset: string, held: bigint): string | null {
  if (asset === quoteAsset) return displayAmount(held);
  if (!answered) return null;
  const before = (atoms(answered.available) ?? 0n) + (atoms(answered.frozen) ?? 0n);
  const worth = atoms(answered.value_usdt);
  if (worth === null || before === 0n) return null;
  // Rounded half up, as the server rounds a value.
  return displayAmount((worth * held * 2n + before) / (before * 2n));
}

/** The answer with the pushed amounts laid over it; the answer itself when nothing was pushed. */
export function withPushedBalances(answer: WalletBalances, pushed: BalancesState): WalletBalances {
  const answered = new Map(answer.balances.map((row) => [accountKey(row.wallet, row.asset), row]));
  let changed = false;
  const rows: Row[] = answer.balances.map((row) => row);
  for (const [key, entry] of Object.entries(pushed.accounts)) {
    const row = answered.get(key);
    if (row && row.available === entry.available && row.frozen === entry.frozen) continue;
    const [wallet, asset] = key.split(':') as [Row['wallet'], string];
    const held = (atoms(entry.available) ?? 0n) + (atoms(entry.frozen) ?? 0n);
    const value = revalued(row, asset, held);
    const next: Row = { wallet, asset, ...entry, value_usdt: value };
    // Valued at the price the answer used, so it keeps that price's basis (a pre-sale price).
    const basis = row?.price_basis;
    if (value !== null && basis !== undefined) next.price_basis = basis;
    changed = true;
    if (row) rows[rows.indexOf(row)] = next;
    else rows.push(next);
  }
  if (!changed) return answer;
  const totalNames = [...walletNames, 'all' as const];
  const totals = new Map(totalNames.map((name) => [name, 0n]));
  for (const row of rows) {
    const worth = atoms(row.value_usdt) ?? 0n;
    totals.set(row.wallet, (totals.get(row.wallet) ?? 0n) + worth);
    totals.set('all', (totals.get('all') ?? 0n) + worth);
  }
  return {
    balances: rows,
    totals: Object.fromEntries(
      totalNames.map((name) => [name, displayAmount(totals.get(name) ?? 0n)]),
    ) as WalletBalances['totals'],
  };
}
