// The security center (`/pages/user/safe`): the security level and the next protection to turn
// on, any withdrawal hold, and a row for each protection (the passwords, the email, the phone,
// the authenticator app, passkeys, the anti-phishing code, whitelist mode) with the way to change
// it; then devices and sessions, the login history, and the API keys. Read fresh from the server
// every time it opens, and again after a change made here.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { SecurityOverview } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';
import { HoldBanner } from './HoldBanner.tsx';
import { LevelCard } from './LevelCard.tsx';
import { SecurityRow } from './SecurityRow.tsx';
import { useSayFailure } from './use-say-failure.ts';
import { WhitelistOffSheet } from './WhitelistOffSheet.tsx';
import { WhitelistSwitch } from './WhitelistSwitch.tsx';
import './security.css';

export function SecurityCenterPage() {
  const core = useWorker();
  const load = useLoad(['securityOverview'], () => core.securityOverview());
  if (load.data === null) {
    return load.failed ? <WalletFailed onRetry={() => void load.reload()} /> : <WalletLoading />;
  }
  return <SecurityCenter overview={load.data} reload={load.reload} />;
}

function SecurityCenter(props: { overview: SecurityOverview; reload(): Promise<void> }) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const sayFailure = useSayFailure();
  const navigate = useNavigate();
  const { overview } = props;
  const { on } = overview;
  const [switching, setSwitching] = useState(false);
  const [askingOff, setAskingOff] = useState(false);

  const whitelistOn = async () => {
    setSwitching(true);
    const outcome = await core.setWhitelist({ enabled: true }).catch(() => null);
    setSwitching(false);
    if (outcome?.ok) {
      toast(t('security.whitelist.on'), 'success');
      await props.reload();
    } else sayFailure(outcome);
  };

  const change = t('account.safe.change');
  const setUp = t('account.safe.setUp');
  return (
    <div className="wallet-page security-center">
      {overview.hold && <HoldBanner hold={overview.hold} />}
      <LevelCard overview={overview} onWhitelistOn={() => void whitelistOn()} />
      <ul className="card security-list">
        <SecurityRow
          id="login"
          label={t('account.safe.loginPassword')}
          set
          action={{
            label: change,
            onClick: () => void navigate({ to: routes.password.path, search: { type: 'login' } }),
          }}
        />
        <SecurityRow
          id="trade"
          label={t('account.safe.tradePassword')}
          set={on.trade_password}
          action={{
            label: on.trade_password ? change : setUp,
            onClick: () => void navigate({ to: routes.password.path, search: { type: 'trade' } }),
          }}
        />
        <SecurityRow
          id="email"
          label={t('account.safe.email')}
          set={on.email}
          detail={overview.email}
        />
        <SecurityRow
          id="phone"
          label={t('security.protections.phone')}
          set={on.phone}
          state={t(on.phone ? 'security.rows.bound' : 'security.rows.unbound')}
          detail={overview.phone}
          action={{
            label: t(on.phone ? 'account.safe.change' : 'security.rows.bind'),
            onClick: () => void navigate({ to: routes.phone.path }),
          }}
        />
        <SecurityRow
          id="totp"
          label={t('security.protections.totp')}
          set={on.totp}
          state={t(on.totp ? 'security.rows.bound' : 'security.rows.unbound')}
          action={
            on.totp
              ? {
                  label: t('security.rows.unbind'),
                  onClick: () => void navigate({ to: routes.totpUnbind.path }),
                }
              : {
                  label: t('security.rows.bind'),
                  onClick: () => void navigate({ to: routes.totp.path }),
                }
          }
        />
        <SecurityRow
          id="passkey"
          label={t('security.protections.passkey')}
          set={overview.passkeyCount > 0}
          state={
            overview.passkeyCount > 0
              ? t('security.rows.passkeys', { count: overview.passkeyCount })
              : t('security.rows.noPasskeys')
          }
          action={{
            label: t(overview.passkeyCount > 0 ? 'security.rows.manage' : 'security.rows.add'),
            onClick: () => void navigate({ to: routes.passkeys.path }),
          }}
        />
        <SecurityRow
          id="anti-phishing"
          label={t('security.protections.anti_phishing')}
          set={on.anti_phishing}
          state={t(on.anti_phishing ? 'security.rows.codeSet' : 'security.rows.codeUnset')}
          detail={overview.antiPhishingCode}
          action={{
            label: on.anti_phishing ? change : setUp,
            onClick: () => void navigate({ to: routes.antiPhishing.path }),
          }}
        />
        <SecurityRow
          id="whitelist"
          label={t('security.protections.whitelist')}
          set={overview.whitelist}
          state={t(overview.whitelist ? 'security.on' : 'security.off')}
          note={
            overview.addressHoldHours > 0
              ? t('security.whitelist.detail', { count: overview.addressHoldHours })
              : t('security.whitelist.plain')
          }
          control={
            <WhitelistSwitch
              on={overview.whitelist}
              labelledBy="safe-whitelist-label"
              busy={switching}
              onToggle={() => (overview.whitelist ? setAskingOff(true) : void whitelistOn())}
            />
          }
          labelId="safe-whitelist-label"
        />
      </ul>
      <nav className="card security-links" aria-label={t('security.links.title')}>
        <button
          type="button"
          className="button button--ghost button--block"
          data-testid="security-sessions-link"
          onClick={() => void navigate({ to: routes.sessions.path })}
        >
          {t('security.links.sessions')}
        </button>
        <button
          type="button"
          className="button button--ghost button--block"
          data-testid="security-logins-link"
          onClick={() => void navigate({ to: routes.logins.path })}
        >
          {t('security.links.logins')}
        </button>
      </nav>
      <nav className="card security-links" aria-label={t('security.apiKeys.linksTitle')}>
        <p className="security-note">{t('security.apiKeys.linkNote')}</p>
        <button
          type="button"
          className="button button--ghost button--block"
          data-testid="security-api-keys-link"
          onClick={() => void navigate({ to: routes.apiKeys.path })}
        >
          {t('security.apiKeys.link')}
        </button>
      </nav>
      {askingOff && (
        <WhitelistOffSheet
          totp={on.totp}
          onClose={() => setAskingOff(false)}
          onDone={() => {
            setAskingOff(false);
            void props.reload();
          }}
        />
      )}
    </div>
  );
}
