// The frame around every page: top bar, the offline and update banners, page and toasts, and the
// side menu, language panel and confirmations, which load after the first screen.
import { Outlet, useMatches, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useConfirmRequest } from '../app/confirm.ts';
import { useMenu, useMenuActions } from '../app/menu.ts';
import { useSessionActions } from '../app/session.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useBack } from '../routes/navigation.ts';
import { routes } from '../routes/route-table.ts';
import { OfflineBanner } from './OfflineBanner.tsx';
import { PullToRefresh } from './PullToRefresh.tsx';
import { Toasts } from './Toasts.tsx';
import { TopBar } from './TopBar.tsx';
import { UpdateBanner } from './UpdateBanner.tsx';

// The side menu (with its icons and the install entry), the language panel and the confirmation
// dialog are not part of any first screen: they load when the page has come, before anyone can
// have opened them, or on the first tap if that comes sooner. Each is drawn only while open.
const loadPanels = () => import('./panels.ts');
const SideMenu = lazy(() => loadPanels().then((panels) => ({ default: panels.SideMenu })));
const LanguagePanel = lazy(() =>
  loadPanels().then((panels) => ({ default: panels.LanguagePanel })),
);
const ConfirmDialog = lazy(() =>
  loadPanels().then((panels) => ({ default: panels.ConfirmDialog })),
);

/** Runs `work` once the browser is idle (or after a moment where it cannot say). */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 1000);
  return () => clearTimeout(id);
}

const homePaths = new Set<string>([routes.home.path, routes.homeIndex.path]);

/** The open panel: the one part of the frame that renders when a panel opens or closes. */
function OpenPanels() {
  const { menuOpen, languageOpen } = useMenu();
  const confirming = useConfirmRequest() !== null;
  return (
    <Suspense fallback={null}>
      {menuOpen && <SideMenu />}
      {languageOpen && <LanguagePanel />}
      {confirming && <ConfirmDialog />}
    </Suspense>
  );
}

export function AppShell() {
  const { t } = useTranslation();
  const { setMenuOpen, setLanguageOpen } = useMenuActions();
  const { isSignedIn } = useSessionActions();
  const navigate = useNavigate();
  const back = useBack();
  const match = useMatches().at(-1);
  const isHome = match ? homePaths.has(match.pathname) : false;
  const titleKey =
    match?.staticData.titleFor?.(match.search) ?? match?.staticData.titleKey ?? 'titles.notFound';
  const pathname = match?.pathname;

  useEffect(() => whenIdle(() => void loadPanels()), []);

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
        onLead={isHome ? () => setMenuOpen(true) : back}
        {...(isHome ? {} : { onHome: () => void navigate({ to: routes.home.path }) })}
        showUser={isHome}
        onUser={() => (isSignedIn() ? setMenuOpen(true) : void navigate({ to: routes.login.path }))}
        showLanguage={isHome}
      />
      <OfflineBanner />
      <UpdateBanner />
      <main className="page">
        <PullToRefresh enabled={match?.staticData.pullToRefresh ?? false}>
          <Outlet />
        </PullToRefresh>
      </main>
      <OpenPanels />
      <Toasts />
    </div>
  );
}
