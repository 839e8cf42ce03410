// The invite page's commission: each level's rate (the share of an invitee's trading fee) and what
// it has earned so far, one line per asset. Figures arrive formatted from the worker.
import type { InviteView } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';

export function InviteCommissions(props: { commissions: InviteView['commissions'] }) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2 className="card__title">{t('account.share.commission')}</h2>
      <ul className="wallet-list" data-testid="invite-commissions">
        {props.commissions.map((entry) => (
          <li
            key={entry.level}
            className="wallet-item"
            data-testid={`invite-commission-${entry.level}`}
          >
            <div className="wallet-item__top">
              <span className="wallet-item__title">
                {t('account.share.level', { level: entry.level })}
              </span>
              <span className="chip">
                {t('account.share.rate')}{' '}
                <span className="figure" dir="ltr" data-testid={`invite-rate-${entry.level}`}>
                  {entry.rate}
                </span>
              </span>
            </div>
            <p className="wallet-item__note">
              {t('account.share.earned')}{' '}
              <span className="figure" dir="ltr" data-testid={`invite-earned-${entry.level}`}>
                {entry.earned.length === 0
                  ? t('account.share.nothingEarned')
                  : entry.earned.join(' · ')}
              </span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
