// Invite friends (`/pages/user/share`): the invite code and the link that fills it in at
// registration, both to copy, the link's QR code, the commission rate and what was earned at each
// level, a poster to save or share, how many were invited at each level, and the log of invited
// users at levels 1 to 3 (accounts masked by the server).
import { useState } from 'react';
import type { InviteView } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { QrCode } from '../ui/QrCode.tsx';
import { TabRow } from '../ui/TabRow.tsx';
import { useLoad } from '../ui/use-load.ts';
import { InviteCommissions } from './InviteCommissions.tsx';
import { InvitePoster } from './InvitePoster.tsx';

type LevelFilter = 'all' | 1 | 2 | 3;
const filters: readonly LevelFilter[] = ['all', 1, 2, 3];

export function SharePage() {
  const core = useWorker();
  const load = useLoad(['inviteInfo'], () => core.inviteInfo());
  if (load.data === null) {
    return load.failed ? <WalletFailed onRetry={() => void load.reload()} /> : <WalletLoading />;
  }
  return <ShareView invite={load.data} />;
}

function ShareView(props: { invite: InviteView }) {
  const { t } = useTranslation();
  const { code, counts, rows } = props.invite;
  // The server answers the link relative to the app: this page knows where the app is served.
  const link = new URL(props.invite.link, window.location.origin).href;
  const [level, setLevel] = useState<LevelFilter>('all');
  const shown = level === 'all' ? rows : rows.filter((row) => row.level === level);
  const total = counts.level1 + counts.level2 + counts.level3;

  return (
    <div className="wallet-page">
      <section className="card share-card">
        <p className="field__label">{t('account.share.code')}</p>
        <div className="share-card__line">
          <span className="share-card__code" dir="ltr" data-testid="invite-code">
            {code}
          </span>
          <CopyButton text={code} label={t('account.share.copyCode')} />
        </div>
        <p className="field__label">{t('account.share.link')}</p>
        <div className="share-card__line">
          <span className="share-card__link" dir="ltr" data-testid="invite-link">
            {link}
          </span>
          <CopyButton text={link} label={t('account.share.copyLink')} />
        </div>
        <div className="deposit-card__qr">
          <QrCode text={link} label={t('account.share.qr')} testId="invite-qr" />
        </div>
      </section>
      <InviteCommissions commissions={props.invite.commissions} />
      <InvitePoster invite={props.invite} link={link} />
      <section className="card">
        <dl className="wallet-facts">
          <div>
            <dt>{t('account.share.count')}</dt>
            <dd className="figure" data-testid="invite-count">
              {total}
            </dd>
          </div>
          {([1, 2, 3] as const).map((n) => (
            <div key={n}>
              <dt>{t('account.share.level', { level: n })}</dt>
              <dd className="figure" data-testid={`invite-count-${n}`}>
                {counts[`level${n}`]}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card">
        <h2 className="card__title">{t('account.share.log')}</h2>
        <TabRow
          label={t('account.share.log')}
          tabs={filters.map((filter) => ({
            value: filter,
            label:
              filter === 'all'
                ? t('account.share.all')
                : t('account.share.level', { level: filter }),
          }))}
          value={level}
          onChange={setLevel}
          testIdPrefix="invite-filter"
          scroll
        />
        {shown.length === 0 ? (
          <EmptyState text={t('account.share.empty')} />
        ) : (
          <ul className="wallet-list" data-testid="invite-log">
            {shown.map((row) => (
              <li key={row.key} className="wallet-item invite-row" data-level={row.level}>
                <div className="wallet-item__top">
                  <span className="wallet-item__title" dir="ltr">
                    {row.account}
                  </span>
                  <span className="chip">{t('account.share.level', { level: row.level })}</span>
                </div>
                <p className="wallet-item__note">
                  {t('account.share.registered')} <span className="figure">{row.time}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
