// The recent withdrawals of the withdraw page: the server's pages, with what this page just did
// laid over them at once (a new request on top, a cancellation's new status) so the user sees the
// answer without waiting for the list to come again.
import { useCallback, useMemo, useState } from 'react';
import type { WithdrawalRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { unannounced } from '../ui/failure-toast.ts';
import { type PagedList, usePagedList } from '../ui/use-paged-list.ts';

export interface Withdrawals extends PagedList<WithdrawalRow> {
  cancelling: ReadonlySet<number>;
  /** A withdrawal this page just requested. */
  add(row: WithdrawalRow): void;
  cancel(id: number): Promise<void>;
}

export function useWithdrawals(onChange: () => void): Withdrawals {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const list = usePagedList(['withdrawals'], (page) => core.withdrawals(page));
  // What this page learnt, and the list it learnt it over: a list fetched later knows better.
  const [overlay, setOverlay] = useState<{
    over: readonly WithdrawalRow[];
    rows: ReadonlyMap<number, WithdrawalRow>;
    /** Requested here: shown on top until the list has them. */
    added: readonly number[];
  }>({ over: [], rows: new Map(), added: [] });
  const [cancelling, setCancelling] = useState<ReadonlySet<number>>(new Set());
  const { rows: listRows, reload } = list;

  const put = useCallback(
    (row: WithdrawalRow, isNew: boolean) => {
      setOverlay((shown) => ({
        over: listRows,
        rows: new Map(shown.rows).set(row.id, row),
        added: isNew ? [row.id, ...shown.added] : shown.added,
      }));
    },
    [listRows],
  );

  const rows = useMemo(() => {
    const listed = new Set(listRows.map((row) => row.id));
    const fresh = overlay.over === listRows;
    const added = overlay.added.flatMap((id) => {
      const row = overlay.rows.get(id);
      return row && !listed.has(id) ? [row] : [];
    });
    return [...added, ...listRows.map((row) => (fresh ? (overlay.rows.get(row.id) ?? row) : row))];
  }, [listRows, overlay]);

  const cancel = useCallback(
    async (id: number) => {
      setCancelling((shown) => new Set(shown).add(id));
      const outcome = await core.cancelWithdrawal(id).catch(() => null);
      setCancelling((shown) => {
        const next = new Set(shown);
        next.delete(id);
        return next;
      });
      if (outcome?.ok) {
        put(outcome.data, false);
        toast(t('wallet.withdrawals.cancelled'), 'success');
        void reload();
        onChange();
      } else if (unannounced(outcome)) {
        toast(t('wallet.unanswered'), 'error');
      }
    },
    [core, put, reload, toast, t, onChange],
  );

  const add = useCallback(
    (row: WithdrawalRow) => {
      put(row, true);
      void reload();
    },
    [put, reload],
  );

  return { ...list, rows, cancelling, add, cancel };
}
