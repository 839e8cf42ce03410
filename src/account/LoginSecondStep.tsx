// The login's second step, for an account with an authenticator app: its six-digit code, or one of
// the recovery codes saved when it was bound. The password was right; the server asked for this.
import { useState } from 'react';
import type { SignInOutcome } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { refusalText, unannounced } from '../ui/failure-toast.ts';
import { TextField } from '../ui/TextField.tsx';
import { useFieldRefusals } from '../ui/use-field-refusals.ts';
import {
  type SecondFactorKind,
  type SecondFactorProblem,
  secondFactorProblem,
} from './second-factor-checks.ts';

const wireField = { totp: 'totp_code', recovery: 'recovery_code' } as const;

export function LoginSecondStep(props: {
  account: string;
  password: string;
  onSignedIn(outcome: SignInOutcome & { ok: true }): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const [kind, setKind] = useState<SecondFactorKind>('totp');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<SecondFactorProblem | null>(null);
  const [sending, setSending] = useState(false);
  const refusals = useFieldRefusals(Object.values(wireField));

  const switchKind = () => {
    setKind(kind === 'totp' ? 'recovery' : 'totp');
    setCode('');
    setProblem(null);
    refusals.clear();
  };

  const submit = async () => {
    const found = secondFactorProblem(kind, code);
    setProblem(found);
    refusals.clear();
    if (found) return;
    setSending(true);
    const second = kind === 'totp' ? { totp_code: code.trim() } : { recovery_code: code.trim() };
    const outcome = await core.login(props.account, props.password, second).catch(() => null);
    setSending(false);
    if (outcome?.ok) props.onSignedIn(outcome);
    else if (!refusals.take(outcome)) {
      // Nothing of this step's was refused (the account was locked meanwhile): said as a toast.
      const text = refusalText(outcome);
      if (text) toast(text, 'error');
      else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
    }
  };

  const field = wireField[kind];
  return (
    <form
      className="auth"
      noValidate
      data-testid="login-second-step"
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) void submit();
      }}
    >
      <h2 className="auth__title">{t('auth.secondStep.title')}</h2>
      <p className="note">{t(`auth.secondStep.${kind}Intro`)}</p>
      <TextField
        key={kind}
        id={`auth-${field}`}
        name={field}
        label={t(`auth.secondStep.${kind}Label`)}
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        ltr
        figure={kind === 'totp'}
        maxLength={kind === 'totp' ? 6 : 32}
        value={code}
        problem={
          problem ? t(`auth.secondStep.problems.${kind}.${problem}`) : refusals.refusalOf(field)
        }
        onChange={(value) => {
          setCode(kind === 'totp' ? value.replace(/\D/g, '') : value);
          setProblem(null);
          refusals.clear(field);
        }}
      />
      <button type="submit" className="button button--block" disabled={sending}>
        {sending ? t('wallet.sending') : t('auth.secondStep.submit')}
      </button>
      <div className="auth__links">
        <button type="button" className="text-button" onClick={switchKind}>
          {t(kind === 'totp' ? 'auth.secondStep.useRecovery' : 'auth.secondStep.useTotp')}
        </button>
        <button type="button" className="text-button" onClick={props.onBack}>
          {t('auth.secondStep.back')}
        </button>
      </div>
    </form>
  );
}
