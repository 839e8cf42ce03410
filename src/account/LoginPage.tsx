// Login, registration and password recovery against the real server, driven by the auth machine.
// An account with an authenticator app signs in in two steps (LoginSecondStep); a browser that can
// use passkeys may sign in with one instead of the form (PasskeySignIn).
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import type { AuthForm, AuthMode, FormProblem } from '../../core/auth-form.ts';
import { authMachine } from '../../core/machines/auth.machine.ts';
import { useWorker } from '../app/services.ts';
import { useSession, useSessionActions } from '../app/session.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useReturn } from '../routes/navigation.ts';
import { routes } from '../routes/route-table.ts';
import { PasskeySignIn } from '../security/PasskeySignIn.tsx';
import { refusalText } from '../ui/failure-toast.ts';
import { TextField } from '../ui/TextField.tsx';
import { useFieldRefusals } from '../ui/use-field-refusals.ts';
import { authModeOf } from './auth-search.ts';
import { LoginSecondStep } from './LoginSecondStep.tsx';

/** The request field each of the form's fields fills. */
const wireFields = {
  account: 'account',
  email: 'email',
  password: 'password',
  repassword: 'repassword',
  code: 'code',
  inviteCode: 'invite_code',
} as const;

export function LoginPage() {
  const search = useSearch({ from: routes.login.path });
  const navigate = useNavigate();
  const mode = authModeOf(search);
  // Why a user was sent here, when the server ended the session (docs/security.md § Devices).
  const { expiredNotice } = useSession();
  const [key, setKey] = useState(0);
  // The tab lives in the query: the title follows it, and the page to return to stays in it.
  const showTab = useCallback(
    (tab: AuthMode) => {
      void navigate({ to: routes.login.path, search: { ...search, tab }, replace: true });
    },
    [navigate, search],
  );
  return (
    <AuthScreen
      key={key}
      mode={mode}
      inviteCode={search.invite_code ?? ''}
      notice={expiredNotice}
      onTab={showTab}
      onReset={() => {
        showTab('login');
        setKey((k) => k + 1);
      }}
    />
  );
}

function problemText(t: (key: string) => string, problem: FormProblem): string {
  if (problem.rule === 'weak') return t('form.weak');
  if (problem.rule === 'mismatch') return t('form.mismatch');
  return t(`form.${problem.rule}.${problem.field}`);
}

function AuthScreen(props: {
  mode: AuthMode;
  inviteCode: string;
  notice: string | null;
  onTab(mode: AuthMode): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const session = useSessionActions();
  // Back to the page that sent the visitor here to log in, else home.
  const returnToAsked = useReturn(
    useSearch({ from: routes.login.path }).redirect,
    routes.home.path,
  );
  const refusals = useFieldRefusals(Object.values(wireFields));
  const { take } = refusals;
  // The password was right and the account's authenticator must confirm: the second step.
  const [secondStep, setSecondStep] = useState<{ account: string; password: string } | null>(null);
  const signedIn = useCallback(
    (token: string) => {
      session.signedIn(token);
      returnToAsked();
    },
    [session, returnToAsked],
  );
  const machine = useMemo(
    () =>
      authMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            const { mode, form } = input;
            if (mode === 'forgot') {
              const outcome = await core.forget({
                account: form.account,
                code: form.code,
                password: form.password,
                repassword: form.repassword,
              });
              take(outcome);
              return { ok: outcome.ok };
            }
            if (mode === 'login') {
              const outcome = await core.login(form.account, form.password);
              if (outcome.ok) session.signedIn(outcome.data.token);
              else if (outcome.secondFactor) {
                setSecondStep({ account: form.account, password: form.password });
              } else if (!take(outcome)) {
                // The worker leaves a login's refusals to the page (a second step is no error).
                const text = refusalText(outcome);
                if (text) toast(text, 'error');
              }
              return { ok: outcome.ok };
            }
            const outcome = await core.register({
              email: form.email,
              code: form.code,
              password: form.password,
              repassword: form.repassword,
              ...(form.inviteCode ? { invite_code: form.inviteCode } : {}),
            });
            if (outcome.ok) session.signedIn(outcome.data.token);
            else take(outcome);
            return { ok: outcome.ok };
          }),
          sendCode: fromPromise(async ({ input }) => {
            const outcome = await core.sendEmailCode(
              input.destination,
              input.mode === 'register' ? 'register' : 'forget',
            );
            if (!outcome.ok) return { ok: false as const };
            toast(t('auth.codeSent'), 'success');
            return { ok: true as const, resendIn: outcome.data.resend_in };
          }),
        },
      }),
    [core, toast, session, t, take],
  );
  const [snapshot, send] = useMachine(machine, {
    input: { mode: props.mode, inviteCode: props.inviteCode },
  });
  const { mode, form, problems, resendIn } = snapshot.context;
  const submitting = snapshot.matches({ form: 'submitting' });
  const done = snapshot.matches({ form: 'done' });

  // The query's tab is the one shown; the machine follows it.
  useEffect(() => {
    send({ type: 'MODE', mode: props.mode });
    refusals.clear();
  }, [props.mode, send, refusals.clear]);

  useEffect(() => {
    if (!done) return;
    if (mode === 'forgot') {
      toast(t('auth.resetDone'), 'success');
      props.onReset();
    } else returnToAsked();
  }, [done, mode, toast, t, returnToAsked, props]);

  const problemOf = (name: keyof AuthForm): string | null => {
    const found = problems.find((problem) => problem.field === name);
    return found ? problemText(t, found) : refusals.refusalOf(wireFields[name]);
  };

  const field = (
    name: keyof AuthForm,
    label: string,
    type = 'text',
    autoComplete?: string,
    beside?: ReactNode,
  ) => (
    <TextField
      id={`auth-${name}`}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete ?? 'off'}
      value={form[name]}
      problem={problemOf(name)}
      beside={beside}
      onChange={(value) => {
        send({ type: 'CHANGE', field: name, value });
        refusals.clear(wireFields[name]);
      }}
    />
  );

  if (mode === 'login' && secondStep) {
    return (
      <LoginSecondStep
        account={secondStep.account}
        password={secondStep.password}
        onSignedIn={(outcome) => signedIn(outcome.data.token)}
        onBack={() => setSecondStep(null)}
      />
    );
  }

  const codeField = field(
    'code',
    t('auth.code'),
    'text',
    'one-time-code',
    <button
      type="button"
      className="button button--ghost"
      disabled={!snapshot.matches({ code: 'ready' })}
      onClick={() => send({ type: 'SEND_CODE' })}
    >
      {resendIn > 0 ? t('auth.resendIn', { count: resendIn }) : t('auth.sendCode')}
    </button>,
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
      {props.notice && (
        <div
          className="send-notice send-notice--warning"
          role="status"
          data-testid="session-expired"
        >
          {props.notice}
        </div>
      )}
      <div className="tabs" role="tablist" aria-label={t('auth.modes')}>
        {(['login', 'register'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={mode === tab}
            className="tab"
            onClick={() => props.onTab(tab)}
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
          <button type="button" className="text-button" onClick={() => props.onTab('forgot')}>
            {t('auth.toForgot')}
          </button>
        ) : (
          <button type="button" className="text-button" onClick={() => props.onTab('login')}>
            {t('auth.toLogin')}
          </button>
        )}
      </div>
      {mode === 'login' && <PasskeySignIn onSignedIn={(outcome) => signedIn(outcome.data.token)} />}
    </form>
  );
}
