// The recent withdrawals of the withdraw page: the server's pages, with what this page just did
// laid over them at once (a new request on top, a cancellation's new status) so the user sees the
// answer without waiting for the list to come again, and what the private `withdrawals` channel
// told since (an approval, a rejection) without a reload.
import { useCallback, useMemo, useState } from 'react';
import type { WithdrawalRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { unannounced } from '../ui/failure-toast.ts';
import { type PagedList, usePagedList } from '../ui/use-paged-list.ts';

export interface Withdrawals extends PagedList<WithdrawalRow> {
  cancelling: ReadonlySet<number>;
  /** A withdrawal this page just requested. */
  add(row: WithdrawalRow): void;
  cancel(id: number): Promise<void>;
}

/**
 * Each shown row in its newer copy, pushed or listed (by when it last changed); a pushed
 * withdrawal newer than every shown row (requested in another tab) goes on top.
 */
function withPushed(
  shown: readonly WithdrawalRow[],
  pushed: readonly WithdrawalRow[],
): WithdrawalRow[] {
  const byId = new Map(pushed.map((row) => [row.id, row]));
  const newest = shown.reduce((id, row) => Math.max(id, row.id), 0);
  const newer = (row: WithdrawalRow) => {
    const told = byId.get(row.id);
    return told && Date.parse(told.updatedAt) >= Date.parse(row.updatedAt) ? told : row;
  };
  return [...pushed.filter((row) => row.id > newest), ...shown.map(newer)];
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

  // What the `withdrawals` channel told since: an operator's review, the chain's progress.
  const pushed = useView('withdrawalUpdates');
  const rows = useMemo(() => {
    const listed = new Set(listRows.map((row) => row.id));
    const fresh = overlay.over === listRows;
    const added = overlay.added.flatMap((id) => {
      const row = overlay.rows.get(id);
      return row && !listed.has(id) ? [row] : [];
    });
    const shown = [
      ...added,
      ...listRows.map((row) => (fresh ? (overlay.rows.get(row.id) ?? row) : row)),
    ];
    return withPushed(shown, pushed ?? []);
  }, [listRows, overlay, pushed]);

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
