// Binding an authenticator app (`/pages/user/totp`): the set-up's QR code of its otpauth:// URI
// and the key to type into an app that cannot scan, then one code from the app to confirm; the
// answer's ten recovery codes are shown once (RecoveryCodes.tsx).
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { TotpSetup } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { QrCode } from '../ui/QrCode.tsx';
import { useLoad } from '../ui/use-load.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { CodeField } from './SecurityFields.tsx';
import { useSecurityForm } from './use-security-form.ts';
import './security.css';

/** The key in groups of four, as authenticator apps show it; typed with or without the spaces. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function TotpBindPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const load = useLoad(['totpSetup'], () => core.startTotpSetup());

  if (codes) return <RecoveryCodes codes={codes} />;
  if (load.data === null) {
    if (!load.failed) return <WalletLoading />;
    // Refused (an authenticator is already bound): said here, with the way back.
    return load.refusal ? (
      <EmptyState
        text={load.refusal}
        actionLabel={t('security.backToCenter')}
        onAction={() => void navigate({ to: routes.securityCenter.path })}
      />
    ) : (
      <WalletFailed onRetry={() => void load.reload()} />
    );
  }
  return <TotpSetupForm setup={load.data} onBound={setCodes} />;
}

function TotpSetupForm(props: { setup: TotpSetup; onBound(codes: readonly string[]): void }) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const form = useSecurityForm(['totp_code'] as const);
  const { secret, uri } = props.setup;

  const submit = async () => {
    if (!form.check()) return;
    const bound = await form.send(() => core.bindTotp(form.values.totp_code));
    if (!bound) return;
    toast(t('security.totp.bound'), 'success');
    props.onBound(bound.data.recoveryCodes);
  };

  return (
    <div className="wallet-page">
      <section className="card totp-card" aria-labelledby="totp-scan-title">
        <h2 id="totp-scan-title" className="card__title">
          {t('security.totp.scanTitle')}
        </h2>
        <p className="security-note">{t('security.totp.scanText')}</p>
        <div className="totp-card__qr">
          <QrCode text={uri} label={t('security.totp.qr')} testId="totp-qr" />
        </div>
        <p className="field__label totp-card__label">{t('security.totp.key')}</p>
        <p className="totp-card__secret" dir="ltr" data-testid="totp-secret" data-secret={secret}>
          {grouped(secret)}
        </p>
        <CopyButton
          text={secret}
          label={t('security.totp.copyKey')}
          className="button button--ghost button--block"
        />
      </section>
      <form
        className="card wallet-form"
        aria-labelledby="totp-confirm-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id="totp-confirm-title" className="card__title">
          {t('security.totp.confirmTitle')}
        </h2>
        <CodeField field={form.bind('totp_code')} label={t('security.fields.totpCode')} />
        <button
          type="submit"
          className="button button--block"
          data-testid="totp-bind-submit"
          disabled={form.sending}
        >
          {form.sending ? t('wallet.sending') : t('security.totp.bind')}
        </button>
      </form>
    </div>
  );
}
