// Password settings (`/pages/user/password`): change the login password, or set or change the
// trade password (`?type=trade`). A change is proved with the current secret or a code sent to
// the user's own email; a first trade password only with the code.
import { useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import {
  checkSecretForm,
  emptySecretForm,
  type ProofKind,
  proofsFor,
  type SecretForm,
  type SecretProblem,
} from '../../core/secret-form.ts';
import type { SecretChange, UserInfo } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useReturn } from '../routes/navigation.ts';
import { routes } from '../routes/route-table.ts';
import { ChoiceChips } from '../ui/ChoiceChips.tsx';
import { unannounced } from '../ui/failure-toast.ts';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { useFieldRefusals } from '../ui/use-field-refusals.ts';
import { useLoad } from '../ui/use-load.ts';
import { SecretField } from './SecretFields.tsx';

/** The request field each of the form's fields fills. */
const wireFields = {
  old: 'old_password',
  code: 'code',
  password: 'password',
  repassword: 'repassword',
} as const;

export function PasswordPage() {
  const core = useWorker();
  const load = useLoad(['userInfo'], () => core.userInfo());
  if (load.data === null) {
    return load.failed ? <WalletFailed onRetry={() => void load.reload()} /> : <WalletLoading />;
  }
  return <SecretChangeForm user={load.data} />;
}

function SecretChangeForm(props: { user: UserInfo }) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  // Back to where the change was asked for (a withdrawal without a trade password), else security.
  const search = useSearch({ from: routes.password.path });
  const done = useReturn(search.redirect, routes.securityCenter.path);
  const refusals = useFieldRefusals(Object.values(wireFields));
  const kind = search.type ?? 'login';
  const proofs = proofsFor(kind, props.user.trade_password_set);
  const [proof, setProof] = useState<ProofKind>(proofs[0] ?? 'code');
  const [form, setForm] = useState<SecretForm>(emptySecretForm);
  const [problem, setProblem] = useState<SecretProblem | null>(null);
  const [sending, setSending] = useState(false);
  const [resendIn, setResendIn] = useState(0);
  const codeTo = props.user.email_bound ? 'email' : 'phone';

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const change = (field: keyof SecretForm) => (value: string) => {
    setForm((shown) => ({ ...shown, [field]: value }));
    setProblem(null);
    refusals.clear();
  };

  const sendCode = async () => {
    const outcome = await core.sendSecurityCode(codeTo).catch(() => null);
    if (outcome?.ok) {
      toast(t('auth.codeSent'), 'success');
      setResendIn(outcome.data.resend_in);
    } else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
  };

  const submit = async () => {
    const found = checkSecretForm(kind, proof, form);
    setProblem(found);
    refusals.clear();
    if (found) return;
    const secret: SecretChange = {
      ...(proof === 'code' ? { code: form.code.trim() } : { old_password: form.old }),
      password: form.password,
      repassword: form.repassword,
    };
    setSending(true);
    const outcome = await (kind === 'login'
      ? core.changeLoginPassword(secret)
      : core.setTradePassword(secret)
    ).catch(() => null);
    setSending(false);
    if (outcome?.ok) {
      toast(t('account.password.saved'), 'success');
      done();
    } else if (!refusals.take(outcome) && unannounced(outcome))
      toast(t('wallet.unanswered'), 'error');
  };

  const problemText = (name: keyof SecretForm): string | null => {
    if (problem?.field !== name) return refusals.refusalOf(wireFields[name]);
    if (problem.rule === 'weak') return t('form.weak');
    if (problem.rule === 'tradeWeak') return t('account.password.tradeWeak');
    // The same words as the server's refusal (`trade_password_obvious` in the catalogue).
    if (problem.rule === 'tradeObvious') return t('account.password.tradeObvious');
    if (problem.rule === 'mismatch') return t('form.mismatch');
    return t(`account.password.${problem.rule}.${problem.field}`);
  };
  const field = (
    name: keyof SecretForm,
    label: string,
    autoComplete: string,
    beside?: ReactNode,
  ) => (
    <SecretField
      name={name}
      label={label}
      value={form[name]}
      problem={problemText(name)}
      numeric={name === 'code' || kind === 'trade'}
      autoComplete={autoComplete}
      onChange={change(name)}
      beside={beside}
    />
  );

  return (
    <form
      className="wallet-page card wallet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) void submit();
      }}
    >
      <h2 className="card__title">
        {t(
          kind === 'login'
            ? 'account.password.loginTitle'
            : props.user.trade_password_set
              ? 'account.password.tradeChangeTitle'
              : 'account.password.tradeSetTitle',
        )}
      </h2>
      {proofs.length > 1 && (
        <ChoiceChips
          label={t('account.password.proof')}
          name="proof"
          choices={proofs.map((value) => ({ value, label: t(`account.password.by.${value}`) }))}
          value={proof}
          onChange={(value) => {
            setProof(value);
            setProblem(null);
          }}
        />
      )}
      {proof === 'old'
        ? field('old', t(`account.password.old.${kind}`), 'current-password')
        : field(
            'code',
            t('auth.code'),
            'one-time-code',
            <button
              type="button"
              className="button button--ghost"
              data-testid="password-send-code"
              disabled={resendIn > 0}
              onClick={() => void sendCode()}
            >
              {resendIn > 0 ? t('auth.resendIn', { count: resendIn }) : t('auth.sendCode')}
            </button>,
          )}
      {field('password', t(`account.password.new.${kind}`), 'new-password')}
      {field('repassword', t('account.password.repeat'), 'new-password')}
      <button
        type="submit"
        className="button button--block"
        data-testid="password-submit"
        disabled={sending}
      >
        {sending ? t('wallet.sending') : t('account.password.submit')}
      </button>
    </form>
  );
}
