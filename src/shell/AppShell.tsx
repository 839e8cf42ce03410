// The frame around every page: top bar, the offline and update banners, page, side menu, language
// panel, toasts, confirmations.
import { Outlet, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useApp } from '../app/app-context.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { useBack, useGo } from '../routes/navigation.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { LanguagePanel } from './LanguagePanel.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { PullToRefresh } from './PullToRefresh.tsx';
import { SideMenu } from './SideMenu.tsx';
import { Toasts } from './Toasts.tsx';
import { TopBar } from './TopBar.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';

const homePaths = new Set(['/', '/pages/index/index']);

export function AppShell() {
  const { t } = useTranslation();
  const app = useApp();
  const go = useGo();
  const back = useBack();
  const match = useMatches().at(-1);
  const isHome = match ? homePaths.has(match.pathname) : false;
  const titleKey =
    match?.staticData.titleFor?.(match.search as Readonly<Record<string, unknown>>) ??
    match?.staticData.titleKey ??
    'titles.notFound';
  const pathname = match?.pathname;
  const { setMenuOpen, setLanguageOpen } = app;

  // A new page closes the panels that led to it.
  useEffect(() => {
    if (pathname === undefined) return;
    setMenuOpen(false);
    setLanguageOpen(false);
  }, [pathname, setMenuOpen, setLanguageOpen]);

  return (
    <div className="app">
      <TopBar
        title={isHome ? 'Meridian' : t(titleKey)}
        lead={isHome ? 'menu' : 'back'}
        onLead={isHome ? () => app.setMenuOpen(true) : back}
        {...(isHome ? {} : { onHome: () => go('/') })}
        showUser={isHome}
        onUser={() => (app.token ? app.setMenuOpen(true) : go('/login'))}
        showLanguage={isHome}
      />
      <OfflineBanner />
      <UpdateBanner />
      <main className="page">
        <PullToRefresh enabled={match?.staticData.pullToRefresh ?? false}>
          <Outlet />
        </PullToRefresh>
      </main>
      <SideMenu />
      <LanguagePanel />
      <Toasts />
      <ConfirmDialog />
    </div>
  );
}
