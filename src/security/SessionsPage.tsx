// Devices and sessions (`/pages/user/sessions`): every live session of the account, this device's
// first and marked, then by last use; each other one can be signed out, or all of them at once,
// after a confirmation. The list is asked again after each change.
import type { Outcome, SessionRow } from '../../workers/facade.ts';
import { useConfirm } from '../app/confirm.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { unannounced } from '../ui/failure-toast.ts';
import { WalletFailed, WalletLoading, WalletRefreshFailed } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';
import './security.css';

export function SessionsPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const confirm = useConfirm();
  const load = useLoad(['sessions'], () => core.sessions());
  const retry = () => void load.reload();

  /** Runs a change once confirmed, then says it and asks for the list again. */
  const change = async <T,>(
    question: string,
    run: () => Promise<Outcome<T>>,
    done: (data: T) => string,
  ) => {
    if (!(await confirm(question))) return;
    const outcome = await run().catch(() => null);
    if (outcome?.ok) toast(done(outcome.data), 'success');
    else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
    await load.reload();
  };

  if (load.data === null) {
    return load.failed ? <WalletFailed onRetry={retry} /> : <WalletLoading />;
  }
  const rows = load.data;
  const others = rows.filter((row) => !row.current).length;
  const endOne = (row: SessionRow) =>
    void change(
      t('security.sessions.endConfirm', { device: row.device }),
      () => core.endSession(row.id),
      () => t('security.sessions.ended'),
    );
  const endOthers = () =>
    void change(
      t('security.sessions.endOthersConfirm'),
      () => core.endOtherSessions(),
      ({ count }) => t('security.sessions.endedOthers', { count }),
    );

  return (
    <div className="wallet-page">
      {load.failed && <WalletRefreshFailed onRetry={retry} />}
      <p className="security-note">{t('security.sessions.text')}</p>
      {others > 0 && (
        <button
          type="button"
          className="button button--ghost button--block"
          data-testid="sessions-end-others"
          onClick={endOthers}
        >
          {t('security.sessions.endOthers')}
        </button>
      )}
      <ul className="wallet-list" aria-label={t('security.sessions.list')}>
        {rows.map((row) => (
          <li
            key={row.id}
            className="card wallet-item"
            data-testid={`session-${row.id}`}
            data-current={row.current}
          >
            <div className="wallet-item__top">
              <span className="wallet-item__title" dir="auto">
                {row.device}
              </span>
              {row.current && (
                <span className="status-pill status-pill--done">
                  {t('security.sessions.thisDevice')}
                </span>
              )}
            </div>
            <dl className="wallet-facts">
              <div>
                <dt>{t('security.sessions.address')}</dt>
                <dd>
                  <span dir="ltr">{row.ip}</span>
                </dd>
              </div>
              <div>
                <dt>{t('security.sessions.lastUsed')}</dt>
                <dd className="figure">{row.lastSeenAt}</dd>
              </div>
              <div>
                <dt>{t('security.sessions.signedIn')}</dt>
                <dd className="figure">{row.createdAt}</dd>
              </div>
            </dl>
            {!row.current && (
              <div className="wallet-item__actions">
                <button
                  type="button"
                  className="text-button text-button--danger"
                  aria-label={t('security.sessions.endNamed', { device: row.device })}
                  data-testid={`session-end-${row.id}`}
                  onClick={() => endOne(row)}
                >
                  {t('security.sessions.end')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
