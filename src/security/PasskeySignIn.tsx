// "Sign in with a passkey" under the login form, for a browser that can use one: the server's
// options for any passkey of this site (a discoverable credential, so no account is typed), the
// browser's prompt, then the signed answer back. WebAuthn runs here; the worker carries the calls.
import { useState } from 'react';
import type { Outcome, SignInOutcome } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { refusalText, unannounced } from '../ui/failure-toast.ts';
import { ceremonyMessageKey, passkeysSupported, signWithPasskey } from './passkey-ceremony.ts';

export function PasskeySignIn(props: { onSignedIn(outcome: SignInOutcome & { ok: true }): void }) {
  const { t } = useTranslation();
  const core = useWorker();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!passkeysSupported()) return null;

  /** The worker leaves these calls' refusals to the page: said here, in the server's words. */
  const failureText = (outcome: Outcome<unknown> | null) =>
    refusalText(outcome) ?? (unannounced(outcome) ? t('wallet.unanswered') : null);

  const signIn = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const options = await core.passkeyLoginOptions().catch(() => null);
      if (!options?.ok) {
        setProblem(failureText(options));
        return;
      }
      const signed = await signWithPasskey(options.data);
      if (!signed.ok) {
        setProblem(t(ceremonyMessageKey(signed.reason)));
        return;
      }
      const outcome = await core
        .passkeyLogin({ challengeId: options.data.challengeId, response: signed.response })
        .catch(() => null);
      if (outcome?.ok) props.onSignedIn(outcome);
      else setProblem(failureText(outcome));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth">
      <button
        type="button"
        className="button button--ghost button--block"
        data-testid="passkey-sign-in"
        disabled={busy}
        onClick={() => void signIn()}
      >
        {t('auth.passkey')}
      </button>
      {problem && (
        <p className="field__problem" role="alert" data-testid="passkey-sign-in-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
