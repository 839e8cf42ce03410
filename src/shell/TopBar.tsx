// The custom navigation bar every page uses (docs/product.md §2): back or menu, home, title, right
// text, user chip and language button, each optional.

import { lazy, Suspense } from 'react';
import { useMenuActions } from '../app/menu.ts';
import { useSession } from '../app/session.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Icon } from './Icon.tsx';

export interface TopBarProps {
  title: string;
  lead: 'back' | 'menu';
  onLead(): void;
  onHome?: () => void;
  rightText?: string;
  onRight?: () => void;
  showUser?: boolean;
  onUser?: () => void;
  showLanguage?: boolean;
}

// The bell is for a signed-in user only: a visitor's first screen does not carry it. Until it has
// loaded, an empty button-sized place keeps the bar's other buttons where they will stay.
const NotificationBell = lazy(() =>
  import('./NotificationBell.tsx').then((module) => ({ default: module.NotificationBell })),
);
const bellPlace = <span className="icon-button" aria-hidden="true" />;

export function TopBar(props: TopBarProps) {
  const { t } = useTranslation();
  const { user, token } = useSession();
  const { setLanguageOpen } = useMenuActions();
  return (
    <header className="top-bar">
      <div className="top-bar__side">
        <button
          type="button"
          className="icon-button"
          aria-label={props.lead === 'back' ? t('nav.back') : t('nav.menu')}
          onClick={props.onLead}
        >
          <Icon name={props.lead} className="flip-in-rtl" />
        </button>
        {props.onHome && (
          <button
            type="button"
            className="icon-button"
            aria-label={t('nav.home')}
            onClick={props.onHome}
          >
            <Icon name="home" />
          </button>
        )}
      </div>
      <h1 className="top-bar__title">{props.title}</h1>
      <div className="top-bar__side top-bar__side--end">
        {props.rightText && (
          <button type="button" className="text-button" onClick={props.onRight}>
            {props.rightText}
          </button>
        )}
        {token && (
          <Suspense fallback={bellPlace}>
            <NotificationBell />
          </Suspense>
        )}
        {props.showUser && (
          <button type="button" className="user-chip" onClick={props.onUser}>
            <span className="user-chip__text" dir="auto">
              {token && user ? user.account : t('nav.login')}
            </span>
          </button>
        )}
        {props.showLanguage && (
          <button
            type="button"
            className="icon-button"
            aria-label={t('nav.language')}
            onClick={() => setLanguageOpen(true)}
          >
            <Icon name="globe" />
          </button>
        )}
      </div>
    </header>
  );
}
