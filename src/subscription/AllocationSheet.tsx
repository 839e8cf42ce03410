// A project's published allocation in a sheet: the rule, the supply, price and cap, every
// commitment under its anonymous account hash with what it was allocated and refunded (the first
// ones, then all on request), and the verdict of the same rule (core/subscription/allocation.ts)
// run again on this device on the published commitments, entry by entry.
import { useState } from 'react';
import { dash } from '../../core/figures.ts';
import type { AllocationEntryRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { Fact } from '../ui/Fact.tsx';
import { Figure } from '../ui/Figures.tsx';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';

/** Entries drawn before the user asks for all of them. */
const firstEntries = 50;

export function AllocationSheet(props: { projectId: number; onClose(): void }) {
  const { t } = useTranslation();
  const core = useWorker();
  const { projectId } = props;
  const {
    data: view,
    failed,
    reload,
  } = useLoad(['subscriptionAllocation', projectId], () => core.subscriptionAllocation(projectId));
  const [all, setAll] = useState(false);

  return (
    <BottomSheet
      title={t('subscription.allocation.title')}
      onClose={props.onClose}
      testId="subscription-allocation-sheet"
    >
      {!view ? (
        failed ? (
          <WalletFailed onRetry={() => void reload()} />
        ) : (
          <WalletLoading />
        )
      ) : (
        <>
          <p
            className={`send-notice${view.recheck && !view.recheck.agrees ? ' send-notice--error' : ''}`}
            role="status"
            data-testid="subscription-recheck"
            data-agrees={view.recheck ? String(view.recheck.agrees) : 'null'}
          >
            {!view.recheck
              ? t('subscription.allocation.pending')
              : view.recheck.agrees
                ? t('subscription.allocation.agrees', { tokens: view.recheck.allocated })
                : t('subscription.allocation.disagrees')}
          </p>
          <p className="note">
            {t('subscription.allocation.rule')}: <span dir="ltr">{view.rule}</span>
          </p>
          <dl className="facts">
            <Fact label={t('subscription.supply')} value={view.supply} />
            <Fact label={t('subscription.price')} value={view.price} unit="USDT" />
            <Fact label={t('subscription.cap')} value={view.cap} unit="USDT" />
            <Fact label={t('subscription.committedAll')} value={view.committed} unit="USDT" />
            <Fact label={t('subscription.participants')} value={String(view.participants)} />
            <Fact label={t('subscription.allocation.computedAt')} value={view.computedAt} />
          </dl>
          <p className="note">{t('subscription.allocation.hashes')}</p>
          <div className="data-table-wrap">
            <table className="data-table" data-testid="subscription-allocation-entries">
              <thead>
                <tr>
                  <th scope="col">{t('subscription.allocation.account')}</th>
                  <th scope="col">USDT</th>
                  <th scope="col">{t('subscription.allocation.tokens')}</th>
                  <th scope="col">{t('subscription.allocation.refund')}</th>
                  <th scope="col">{t('subscription.allocation.check')}</th>
                </tr>
              </thead>
              <tbody>
                {(all ? view.entries : view.entries.slice(0, firstEntries)).map((entry) => (
                  <EntryRow key={entry.account} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
          {!all && view.entries.length > firstEntries && (
            <button
              type="button"
              className="button button--ghost button--block"
              onClick={() => setAll(true)}
            >
              {t('subscription.allocation.showAll', { count: view.entries.length })}
            </button>
          )}
        </>
      )}
    </BottomSheet>
  );
}

function EntryRow(props: { entry: AllocationEntryRow }) {
  const { t } = useTranslation();
  const { entry } = props;
  const verdict =
    entry.agrees === null
      ? t('subscription.allocation.pendingShort')
      : entry.agrees
        ? t('subscription.allocation.entryAgrees')
        : t('subscription.allocation.entryDisagrees');
  return (
    <tr>
      <td>
        <Figure>{entry.account}</Figure>
      </td>
      <td>
        <Figure>{entry.committed}</Figure>
      </td>
      <td>
        <Figure>{entry.allocated ?? dash}</Figure>
      </td>
      <td>
        <Figure>{entry.refund ?? dash}</Figure>
      </td>
      <td className={entry.agrees === false ? 'price--down' : undefined} title={verdict}>
        <span aria-hidden="true">{entry.agrees === null ? '–' : entry.agrees ? '✓' : '✗'}</span>
        <span className="visually-hidden">{verdict}</span>
      </td>
    </tr>
  );
}
