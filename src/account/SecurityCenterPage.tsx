// The security center (`/pages/user/safe`): the login password, the trade password and the email
// binding, each 'set' or 'not set' (spec §4), read fresh from the server every time it opens.
import { useApp } from '../app/app-context.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { useGo } from '../routes/navigation.ts';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { useLoad } from '../ui/use-load.ts';

function SecurityRow(props: {
  id: string;
  label: string;
  set: boolean;
  detail?: string;
  action?: { label: string; onClick(): void };
}) {
  const { t } = useTranslation();
  return (
    <li className="security-row">
      <div className="security-row__text">
        <span className="security-row__label">{props.label}</span>
        {props.detail && (
          <span className="security-row__detail" dir="ltr">
            {props.detail}
          </span>
        )}
      </div>
      <span
        className={`security-row__state security-row__state--${props.set ? 'set' : 'unset'}`}
        data-testid={`safe-${props.id}`}
        data-state={props.set ? 'set' : 'unset'}
      >
        {t(props.set ? 'account.safe.set' : 'account.safe.unset')}
      </span>
      {props.action && (
        <button
          type="button"
          className="button button--ghost"
          data-testid={`safe-${props.id}-action`}
          onClick={props.action.onClick}
        >
          {props.action.label}
        </button>
      )}
    </li>
  );
}

export function SecurityCenterPage() {
  const { t } = useTranslation();
  const { core } = useApp();
  const go = useGo();
  const load = useLoad(['userInfo'], () => core.userInfo());
  if (load.data === null) {
    return load.failed ? <WalletFailed onRetry={() => void load.reload()} /> : <WalletLoading />;
  }
  const user = load.data;
  return (
    <ul className="card security-list">
      <SecurityRow
        id="login"
        label={t('account.safe.loginPassword')}
        set
        action={{
          label: t('account.safe.change'),
          onClick: () => go('/pages/user/password', { type: 'login' }),
        }}
      />
      <SecurityRow
        id="trade"
        label={t('account.safe.tradePassword')}
        set={user.trade_password_set}
        action={{
          label: t(user.trade_password_set ? 'account.safe.change' : 'account.safe.setUp'),
          onClick: () => go('/pages/user/password', { type: 'trade' }),
        }}
      />
      <SecurityRow
        id="email"
        label={t('account.safe.email')}
        set={user.email_bound}
        {...(user.email ? { detail: user.email } : {})}
      />
    </ul>
  );
}
