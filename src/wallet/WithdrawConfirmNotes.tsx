// What the withdraw form says about its confirmation before it is sent: a security hold running
// (until when, as the server will refuse it), and that a passkey on this device will be asked for.
import type { WithdrawSafeguards } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import type { SecondFactor } from './withdraw-checks.ts';

export function WithdrawConfirmNotes(props: {
  safeguards: WithdrawSafeguards | null;
  factor: SecondFactor;
}) {
  const { t } = useTranslation();
  const holdUntil = props.safeguards?.holdUntil ?? null;
  return (
    <>
      {holdUntil !== null && (
        <div className="send-notice send-notice--warning" role="status" data-testid="withdraw-hold">
          {t('wallet.withdraw.hold', { time: holdUntil })}
        </div>
      )}
      {props.factor === 'passkey' && <p className="note">{t('wallet.withdraw.passkeyHint')}</p>}
    </>
  );
}
