// The withdrawal's email code: sent on request to the user's own email (purpose `withdraw`, so a
// code asked for a security change cannot move money), with the send button counting down until
// another may be asked, as every code field does.
import { useEffect, useState } from 'react';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { unannounced } from '../ui/failure-toast.ts';
import { TextField } from '../ui/TextField.tsx';

export function EmailCodeField(props: {
  value: string;
  problem: string | null;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const [resendIn, setResendIn] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const send = async () => {
    setSending(true);
    const outcome = await core.sendWithdrawCode().catch(() => null);
    setSending(false);
    if (outcome?.ok) {
      toast(t('wallet.withdraw.codeSent'), 'success');
      setResendIn(outcome.data.resend_in);
    } else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
  };

  return (
    <TextField
      id="withdraw-email-code"
      name="email_code"
      label={t('wallet.withdraw.emailCode')}
      inputMode="numeric"
      autoComplete="one-time-code"
      ltr
      figure
      maxLength={6}
      value={props.value}
      problem={props.problem}
      onChange={(value) => props.onChange(value.replace(/\D/g, ''))}
      beside={
        <button
          type="button"
          className="button button--ghost"
          data-testid="withdraw-send-code"
          disabled={sending || resendIn > 0}
          onClick={() => void send()}
        >
          {resendIn > 0
            ? t('wallet.withdraw.resendIn', { count: resendIn })
            : t('wallet.withdraw.sendCode')}
        </button>
      }
    />
  );
}
