// What one account has available of one asset, from the balances view (withdrawals draw on the
// funding account, transfers on the account they leave). An asset never held there has nothing.
import type { BalanceRow, BalancesView, WalletName } from '../../workers/facade.ts';

export function availableIn(
  balances: BalancesView | null,
  wallet: WalletName,
  asset: string,
): { exact: string; shown: string } | null {
  if (balances === null) return null;
  const row: BalanceRow | undefined = balances.rows.find(
    (entry) => entry.wallet === wallet && entry.asset === asset,
  );
  return row ? { exact: row.available, shown: row.availableShown } : { exact: '0', shown: '0' };
}
