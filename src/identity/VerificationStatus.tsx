// What the page shows outside the form: the state, the masked values, and a rejection's reason.

import type { VerificationInfo } from '../../core/machines/verification.machine.ts';
import { useTranslation } from '../i18n/use-translation.ts';

export function VerificationStatus(props: { info: VerificationInfo; onResubmit?: () => void }) {
  const { t } = useTranslation();
  const { info } = props;
  const hint = {
    unverified: null,
    pending: 'identity.pendingHint',
    verified: 'identity.verifiedHint',
    rejected: 'identity.rejectedHint',
  }[info.status];
  return (
    <section className="card verification-status" aria-live="polite">
      <p className="verification-status__row">
        <span className="field__label">{t('identity.statusLabel')}</span>
        <span
          className={`verification-badge verification-badge--${info.status}`}
          data-testid="kyc-status"
          data-status={info.status}
        >
          {t(`identity.status.${info.status}`)}
        </span>
      </p>
      {hint && <p>{t(hint)}</p>}
      {info.status === 'rejected' && info.rejectReason && (
        <p className="verification-status__reason" data-testid="kyc-reason">
          {t('identity.reason', { reason: info.rejectReason })}
        </p>
      )}
      {info.realName && (
        <dl className="verification-status__values">
          <dt>{t('identity.nameShown')}</dt>
          <dd dir="auto">{info.realName}</dd>
          <dt>{t('identity.idShown')}</dt>
          <dd dir="ltr">{info.idNumber}</dd>
        </dl>
      )}
      {info.submittedAt && (
        <p className="field__label">{t('identity.submittedAt', { time: info.submittedAt })}</p>
      )}
      {props.onResubmit && (
        <button
          type="button"
          className="button"
          onClick={props.onResubmit}
          data-testid="kyc-resubmit"
        >
          {t('identity.resubmit')}
        </button>
      )}
    </section>
  );
}
