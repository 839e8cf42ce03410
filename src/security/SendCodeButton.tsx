// "Send code" beside a code field, counting down to when another may be asked for. The server's
// refusal (too frequent, the daily limit) is toasted by the worker; no answer is said here.
import { useEffect, useState } from 'react';
import type { Outcome } from '../../workers/facade.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { unannounced } from '../ui/failure-toast.ts';

export function SendCodeButton(props: {
  testId: string;
  /** Whether the code can be asked for yet (a phone number typed, say); checked on a tap. */
  ready?: () => boolean;
  onSend(): Promise<Outcome<{ resend_in: number }>>;
  /**
   * Says a failure the worker did not toast (under a field of the form, or in a toast); without
   * it the worker toasted the refusal and only no answer is said here.
   */
  said?: (outcome: Outcome<unknown> | null) => void;
}) {
  const { t } = useTranslation();
  const toast = useNotify();
  const [resendIn, setResendIn] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const send = async () => {
    if (props.ready && !props.ready()) return;
    setSending(true);
    const outcome = await props.onSend().catch(() => null);
    setSending(false);
    if (outcome?.ok) {
      toast(t('auth.codeSent'), 'success');
      setResendIn(outcome.data.resend_in);
    } else if (props.said) props.said(outcome);
    else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
  };

  return (
    <button
      type="button"
      className="button button--ghost"
      data-testid={props.testId}
      disabled={sending || resendIn > 0}
      onClick={() => void send()}
    >
      {resendIn > 0 ? t('auth.resendIn', { count: resendIn }) : t('auth.sendCode')}
    </button>
  );
}
