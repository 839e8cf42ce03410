// Unbinding the authenticator app (`/pages/user/totpUnbind`): a code from the app, or a recovery
// code when the phone is lost, and a code sent to the account's email. Withdrawals then pause for
// the security hold, which the page says before it is sent.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import {
  EmailCodeField,
  FactorChoice,
  FactorField,
  type FactorKind,
  factorField,
  factorOf,
} from './SecurityFields.tsx';
import { useSecurityForm } from './use-security-form.ts';
import './security.css';

export function TotpUnbindPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const navigate = useNavigate();
  const [kind, setKind] = useState<FactorKind>('totp');
  const form = useSecurityForm<'totp_code' | 'recovery_code' | 'email_code'>([
    factorField(kind),
    'email_code',
  ]);

  const submit = async () => {
    if (!form.check()) return;
    const done = await form.send(() =>
      core.unbindTotp({ factor: factorOf(kind, form.values), emailCode: form.values.email_code }),
    );
    if (!done) return;
    toast(t('security.totp.unbound'), 'success');
    void navigate({ to: routes.securityCenter.path });
  };

  return (
    <form
      className="wallet-page card wallet-form"
      aria-labelledby="totp-unbind-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="totp-unbind-title" className="card__title">
        {t('security.totp.unbindTitle')}
      </h2>
      <p className="security-note">{t('security.holdNote')}</p>
      <FactorChoice kind={kind} onKind={setKind} />
      <FactorField field={form.bind(factorField(kind))} />
      <EmailCodeField field={form.bind('email_code')} />
      <button
        type="submit"
        className="button button--block"
        data-testid="totp-unbind-submit"
        disabled={form.sending}
      >
        {form.sending ? t('wallet.sending') : t('security.totp.unbind')}
      </button>
    </form>
  );
}
