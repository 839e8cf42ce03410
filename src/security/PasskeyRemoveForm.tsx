// Removing a passkey: the code sent to the user's email proves it is the owner at the keyboard,
// not someone holding a session. The send button counts down until another code may be asked.
import { useEffect, useState } from 'react';
import type { Outcome, PasskeyRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { refusalText, unannounced } from '../ui/failure-toast.ts';
import { RefusedNotice } from '../ui/SendNotice.tsx';
import { TextField } from '../ui/TextField.tsx';
import { useFieldRefusals } from '../ui/use-field-refusals.ts';

/** The six digits a code has (schemas/field-rules.ts). */
const codePattern = /^\d{6}$/;

export function PasskeyRemoveForm(props: { row: PasskeyRow; onRemoved(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const { row } = props;
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendIn, setResendIn] = useState(0);
  const refusals = useFieldRefusals(['email_code', 'code']);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const failureText = (outcome: Outcome<unknown> | null) =>
    refusalText(outcome) ?? (unannounced(outcome) ? t('wallet.unanswered') : null);

  const sendCode = async () => {
    const outcome = await core.sendSecurityCode('email').catch(() => null);
    if (outcome?.ok) {
      toast(t('auth.codeSent'), 'success');
      setResendIn(outcome.data.resend_in);
    } else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
  };

  const remove = async () => {
    refusals.clear();
    setNotice(null);
    const typed = code.trim();
    if (!codePattern.test(typed)) {
      setProblem(
        t(typed === '' ? 'passkeys.problems.codeRequired' : 'passkeys.problems.codeInvalid'),
      );
      return;
    }
    setBusy(true);
    const outcome = await core.passkeyRemove(row.id, typed).catch(() => null);
    setBusy(false);
    if (outcome?.ok) {
      toast(t('passkeys.removed'), 'success');
      props.onRemoved();
    } else if (!refusals.take(outcome)) setNotice(failureText(outcome));
  };

  const codeRefusal = refusals.refusalOf('email_code') ?? refusals.refusalOf('code');
  return (
    <form
      className="wallet-form"
      // The row's whole width, under the passkey's name.
      style={{ flexBasis: '100%' }}
      noValidate
      aria-label={t('passkeys.removeNamed', { name: row.name })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void remove();
      }}
    >
      <p className="note">{t('passkeys.removeIntro')}</p>
      <TextField
        id={`passkey-code-${row.id}`}
        name="email_code"
        label={t('passkeys.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        ltr
        figure
        maxLength={6}
        value={code}
        problem={problem ?? codeRefusal}
        onChange={(value) => {
          setCode(value.replace(/\D/g, ''));
          setProblem(null);
          refusals.clear();
        }}
        beside={
          <button
            type="button"
            className="button button--ghost"
            data-testid={`passkey-send-code-${row.id}`}
            disabled={resendIn > 0}
            onClick={() => void sendCode()}
          >
            {resendIn > 0 ? t('auth.resendIn', { count: resendIn }) : t('auth.sendCode')}
          </button>
        }
      />
      <div className="wallet-item__actions">
        <button type="button" className="button button--ghost" onClick={props.onCancel}>
          {t('passkeys.cancel')}
        </button>
        <button
          type="submit"
          className="button"
          data-testid={`passkey-remove-confirm-${row.id}`}
          disabled={busy}
        >
          {busy ? t('wallet.sending') : t('passkeys.confirmRemove')}
        </button>
      </div>
      {notice && <RefusedNotice text={notice} testId={`passkey-remove-problem-${row.id}`} />}
    </form>
  );
}
