// Under the form: the user's record (the realised hit rate over the newest settled contracts) and
// daily loss limit, then the contracts as two tabs: open ones (and those settling while the page is
// open) with their countdowns, and the history with both prints. Each opens its verification.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { OptionTradeView } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useSession } from '../app/session.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Figure, FigureWithUnit } from '../ui/Figures.tsx';
import { LoadMore, WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { TabRow, tabId } from '../ui/TabRow.tsx';
import { usePagedList } from '../ui/use-paged-list.ts';
import { LossLimitSheet } from './LossLimitSheet.tsx';
import { OptionContractItem } from './OptionContractItem.tsx';
import { VerifySheet } from './VerifySheet.tsx';

type Tab = 'open' | 'history';
const panel = 'option-account-panel';

export function OptionAccount(props: { view: OptionTradeView }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('open');
  const [verifying, setVerifying] = useState<number | null>(null);
  const [limitSheet, setLimitSheet] = useState(false);
  const { view } = props;

  return (
    <section className="option-account card">
      <TabRow
        label={t('option.account')}
        tabs={[
          { value: 'open', label: t('option.tabs.open', { count: view.openCount }) },
          { value: 'history', label: t('option.tabs.history') },
        ]}
        value={tab}
        onChange={setTab}
        testIdPrefix="option-tab"
        panelId={panel}
      />
      {token && (
        <dl className="facts option-account__facts">
          <div>
            <dt>{t('option.record.title')}</dt>
            <dd data-testid="option-hit-rate">
              {view.record?.hitRate
                ? t('option.record.value', {
                    rate: view.record.hitRate,
                    won: t('option.record.won', { count: view.record.wins }),
                    lost: t('option.record.lost', { count: view.record.losses }),
                  })
                : t('option.record.none')}
            </dd>
          </div>
          {view.limits && (
            <div>
              <dt>{t('option.limit.title')}</dt>
              <dd>
                <span>
                  <FigureWithUnit
                    figure={view.limits.daily.shown}
                    unit="USDT"
                    testId="option-loss-limit"
                  />
                </span>
                <span>
                  · {t('option.limit.lost')}{' '}
                  <Figure testId="option-lost-today">{view.limits.lostToday}</Figure>
                </span>
                <button
                  type="button"
                  className="text-button"
                  data-testid="option-limit-change"
                  onClick={() => setLimitSheet(true)}
                >
                  {t('option.limit.change')}
                </button>
              </dd>
            </div>
          )}
        </dl>
      )}
      {token && view.record && view.record.sample > 0 && (
        <p className="option-note">{t('option.record.sample', { count: view.record.sample })}</p>
      )}
      <div id={panel} role="tabpanel" aria-labelledby={tabId(panel, tab)}>
        {!token ? (
          <EmptyState
            text={t('option.loginPrompt')}
            actionLabel={t('nav.login')}
            onAction={() => void navigate({ to: routes.login.path })}
          />
        ) : tab === 'open' ? (
          view.contracts.length === 0 ? (
            <EmptyState text={t('option.noOpen')} />
          ) : (
            <ul className="option-contracts" data-testid="option-open-list">
              {view.contracts.map((row) => (
                <OptionContractItem key={row.id} row={row} onVerify={setVerifying} />
              ))}
            </ul>
          )
        ) : (
          <OptionHistory onVerify={setVerifying} />
        )}
      </div>
      {verifying !== null && <VerifySheet id={verifying} onClose={() => setVerifying(null)} />}
      {limitSheet && view.limits && (
        <LossLimitSheet limits={view.limits} onClose={() => setLimitSheet(false)} />
      )}
    </section>
  );
}

function OptionHistory(props: { onVerify(id: number): void }) {
  const { t } = useTranslation();
  const core = useWorker();
  const list = usePagedList(['optionContracts', 'history'], (page) =>
    core.optionContracts('history', page),
  );
  if (!list.loaded) {
    return list.failed ? <WalletFailed onRetry={() => void list.reload()} /> : <WalletLoading />;
  }
  if (list.rows.length === 0) return <EmptyState text={t('option.noHistory')} />;
  return (
    <>
      <ul className="option-contracts" data-testid="option-history-list">
        {list.rows.map((row) => (
          <OptionContractItem key={row.id} row={row} onVerify={props.onVerify} />
        ))}
      </ul>
      <LoadMore more={list.more} loading={list.loading} onMore={list.loadMore} />
    </>
  );
}
