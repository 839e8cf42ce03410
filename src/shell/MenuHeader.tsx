// The side menu's header: avatar, account, UID with a copy button, the fixed score of 100, and a
// red prompt while identity is not verified (docs/product.md §2).

import { useSession } from '../app/session.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { PersonSilhouette } from './menu-icons.tsx';

/** The menu's score is fixed at 100 (docs/product.md §2). */
const menuScore = 100;

export function MenuHeader(props: { onLogin(): void; onVerify(): void }) {
  const { t } = useTranslation();
  const { token, user } = useSession();
  const toast = useNotify();

  if (!token || !user) {
    return (
      <div className="menu-header">
        <div className="avatar avatar--guest" aria-hidden="true">
          <PersonSilhouette className="avatar__silhouette" />
        </div>
        <div>
          <p className="menu-header__account">{t('menu.guest')}</p>
          <button type="button" className="text-button" onClick={props.onLogin}>
            {t('menu.loginPrompt')}
          </button>
        </div>
      </div>
    );
  }

  const copyUid = async () => {
    try {
      await navigator.clipboard.writeText(String(user.user_id));
      toast(t('menu.copied'), 'success');
    } catch {
      toast(t('menu.copyFailed'), 'error');
    }
  };

  return (
    <div className="menu-header">
      {user.avatar ? (
        <img className="avatar" src={user.avatar} alt="" />
      ) : (
        <div className="avatar" aria-hidden="true">
          {user.account.slice(0, 1).toUpperCase()}
        </div>
      )}
      <div className="menu-header__body">
        <p className="menu-header__account" data-testid="menu-account">
          {user.account}
        </p>
        <p className="menu-header__uid">
          {t('menu.uid')}: <span data-testid="menu-uid">{user.user_id}</span>
          <button type="button" className="text-button" onClick={() => void copyUid()}>
            {t('menu.copy')}
          </button>
        </p>
        <p className="menu-header__score">
          {t('menu.score')}: {menuScore}
        </p>
        {user.auth_status !== 'verified' && (
          <button type="button" className="menu-header__verify" onClick={props.onVerify}>
            {t('menu.verifyPrompt')}
          </button>
        )}
      </div>
    </div>
  );
}
