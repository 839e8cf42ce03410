// Login, registration and password recovery against the real server, driven by the auth machine.
import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { AuthForm, AuthMode, FormProblem } from '../../core/auth-form.ts';
import { authMachine } from '../../core/machines/auth.machine.ts';
import { useApp } from '../app/app-context.tsx';
import { useGo } from '../routes/navigation.ts';

/** An invite link (`/#/login?invite_code=…`) opens registration with the code filled in. */
function inviteCodeOf(search: Readonly<Record<string, unknown>>): string {
  const code = search.invite_code;
  // The router reads an all-digit code as a number.
  return typeof code === 'string' || typeof code === 'number' ? String(code).trim() : '';
}

export function LoginPage() {
  const inviteCode = inviteCodeOf(
    useSearch({ strict: false }) as Readonly<Record<string, unknown>>,
  );
  const [start, setStart] = useState<{ mode: AuthMode; key: number }>({
    mode: inviteCode ? 'register' : 'login',
    key: 0,
  });
  return (
    <AuthScreen
      key={start.key}
      mode={start.mode}
      inviteCode={inviteCode}
      onReset={() => setStart((s) => ({ mode: 'login', key: s.key + 1 }))}
    />
  );
}

function problemText(t: (key: string) => string, problem: FormProblem): string {
  if (problem.rule === 'weak') return t('form.weak');
  if (problem.rule === 'mismatch') return t('form.mismatch');
  return t(`form.${problem.rule}.${problem.field}`);
}

function AuthScreen(props: { mode: AuthMode; inviteCode: string; onReset(): void }) {
  const { t } = useTranslation();
  const app = useApp();
  const go = useGo();
  const machine = useMemo(
    () =>
      authMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            const { mode, form } = input;
            if (mode === 'forgot') {
              const outcome = await app.core.forget({
                account: form.account,
                code: form.code,
                password: form.password,
                repassword: form.repassword,
              });
              return { ok: outcome.ok };
            }
            const outcome =
              mode === 'login'
                ? await app.core.login(form.account, form.password)
                : await app.core.register({
                    email: form.email,
                    code: form.code,
                    password: form.password,
                    repassword: form.repassword,
                    ...(form.inviteCode ? { invite_code: form.inviteCode } : {}),
                  });
            if (outcome.ok) app.signedIn(outcome.data.token);
            return { ok: outcome.ok };
          }),
          sendCode: fromPromise(async ({ input }) => {
            const outcome = await app.core.sendEmailCode(
              input.destination,
              input.mode === 'register' ? 'register' : 'forget',
            );
            if (!outcome.ok) return { ok: false as const };
            app.toast(t('auth.codeSent'), 'success');
            return { ok: true as const, resendIn: outcome.data.resend_in };
          }),
        },
      }),
    [app, t],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { mode: props.mode, inviteCode: props.inviteCode },
  });
  const { mode, form, problem, resendIn } = snapshot.context;
  const submitting = snapshot.matches({ form: 'submitting' });
  const done = snapshot.matches({ form: 'done' });

  useEffect(() => {
    if (!done) return;
    if (mode === 'forgot') {
      app.toast(t('auth.resetDone'), 'success');
      props.onReset();
    } else go('/');
  }, [done, mode, app, t, go, props]);

  const field = (name: keyof AuthForm, label: string, type = 'text', autoComplete?: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className="field__input"
        name={name}
        type={type}
        value={form[name]}
        autoComplete={autoComplete}
        aria-invalid={problem?.field === name}
        onChange={(event) => send({ type: 'CHANGE', field: name, value: event.target.value })}
      />
      {problem?.field === name && (
        <span className="field__problem" role="alert">
          {problemText(t, problem)}
        </span>
      )}
    </label>
  );

  const codeField = (
    <div className="field-row">
      {field('code', t('auth.code'), 'text', 'one-time-code')}
      <button
        type="button"
        className="button button--ghost"
        disabled={!snapshot.matches({ code: 'ready' })}
        onClick={() => send({ type: 'SEND_CODE' })}
      >
        {resendIn > 0 ? t('auth.resendIn', { seconds: resendIn }) : t('auth.sendCode')}
      </button>
    </div>
  );

  return (
    <form
      className="auth"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <div className="tabs" role="tablist" aria-label={t('auth.modes')}>
        {(['login', 'register'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={mode === tab}
            className="tab"
            onClick={() => send({ type: 'MODE', mode: tab })}
          >
            {t(`auth.${tab}`)}
          </button>
        ))}
      </div>
      {mode === 'forgot' && <h2 className="auth__title">{t('auth.forgot')}</h2>}
      {mode === 'register'
        ? field('email', t('auth.email'), 'email', 'email')
        : field('account', t('auth.account'), 'text', 'username')}
      {mode !== 'login' && codeField}
      {field(
        'password',
        mode === 'forgot' ? t('auth.newPassword') : t('auth.password'),
        'password',
        mode === 'login' ? 'current-password' : 'new-password',
      )}
      {mode !== 'login' && field('repassword', t('auth.repassword'), 'password', 'new-password')}
      {mode === 'register' && field('inviteCode', t('auth.inviteCode'))}
      <button type="submit" className="button button--block" disabled={submitting}>
        {t(
          mode === 'login'
            ? 'auth.submitLogin'
            : mode === 'register'
              ? 'auth.submitRegister'
              : 'auth.submitForgot',
        )}
      </button>
      <div className="auth__links">
        {mode === 'login' ? (
          <button
            type="button"
            className="text-button"
            onClick={() => send({ type: 'MODE', mode: 'forgot' })}
          >
            {t('auth.toForgot')}
          </button>
        ) : (
          <button
            type="button"
            className="text-button"
            onClick={() => send({ type: 'MODE', mode: 'login' })}
          >
            {t('auth.toLogin')}
          </button>
        )}
      </div>
    </form>
  );
}
