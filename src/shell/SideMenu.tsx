// The side menu (docs/product.md §2), opened from the top bar's left button: the user header, then
// every entry in the product's order, each with its icon, the theme switch, the language picker
// and, when logged in, logout.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useConfirm } from '../app/confirm.ts';
import { useMenuActions } from '../app/menu.ts';
import { useServices } from '../app/services.ts';
import { useSession } from '../app/session.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { productEntries } from '../products.ts';
import type { RoutePath } from '../routes/navigation.ts';
import { articleCategory } from '../routes/route-search.ts';
import { routes } from '../routes/route-table.ts';
import { InstallEntry } from './InstallEntry.tsx';
import { MenuEntryFace } from './MenuEntryFace.tsx';
import { MenuHeader } from './MenuHeader.tsx';
import { MenuIcon, type MenuIconName } from './menu-icons.tsx';
import { SidePanel } from './SidePanel.tsx';

export function SideMenu() {
  const { t } = useTranslation();
  const { theme, language, changeTheme } = useServices();
  const { setMenuOpen, setLanguageOpen } = useMenuActions();
  const { token, signOut } = useSession();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [tradingOpen, setTradingOpen] = useState(false);

  const open = (to: RoutePath) => {
    setMenuOpen(false);
    void navigate({ to });
  };
  // Platform notices (docs/product.md §20) and guides: the articles of one category.
  const openCategory = (category_id: number) => {
    setMenuOpen(false);
    void navigate({ to: routes.articles.path, search: { category_id } });
  };
  const logout = async () => {
    if (await confirm(t('confirm.logout'))) await signOut();
  };
  const entry = (icon: MenuIconName, label: string, onClick: () => void) => (
    <li>
      <button type="button" className="menu-entry" onClick={onClick}>
        <MenuEntryFace icon={icon} label={label} />
      </button>
    </li>
  );

  return (
    <SidePanel side="start" label={t('nav.menu')} navigation onClose={() => setMenuOpen(false)}>
      <MenuHeader
        onLogin={() => open(routes.login.path)}
        onVerify={() => open(routes.verification.path)}
      />
      <ul className="menu-list">
        {entry('home', t('menu.home'), () => open(routes.home.path))}
        {entry('verify', t('menu.verify'), () => open(routes.verification.path))}
        {entry('deposit', t('menu.deposit'), () => open(routes.deposits.path))}
        <li>
          <button
            type="button"
            className="menu-entry"
            aria-expanded={tradingOpen}
            onClick={() => setTradingOpen(!tradingOpen)}
          >
            <MenuEntryFace
              icon="trading"
              label={t('menu.tradingCenter')}
              after={<MenuIcon name="chevron" className="menu-entry__expand" />}
            />
          </button>
          {tradingOpen && (
            <ul className="menu-list menu-list--nested">
              {productEntries.map((product) => (
                <li key={product.path}>
                  <button type="button" className="menu-entry" onClick={() => open(product.path)}>
                    <MenuEntryFace
                      icon={{ path: product.menu.icon }}
                      label={t(product.menu.label)}
                    />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </li>
        {entry('assets', t('menu.assets'), () => open(routes.assets.path))}
        {entry('notice', t('menu.notice'), () => openCategory(articleCategory.notices))}
        <InstallEntry />
        {entry('addressBook', t('menu.addressBook'), () => open(routes.addressBook.path))}
        {entry('security', t('menu.security'), () => open(routes.securityCenter.path))}
        {entry('share', t('menu.share'), () => open(routes.share.path))}
        {entry('guides', t('menu.guides'), () => openCategory(articleCategory.guides))}
        {entry('about', t('menu.about'), () => open(routes.articles.path))}
        {entry('support', t('menu.support'), () => open(routes.support.path))}
        {entry(
          'theme',
          `${t('menu.theme')}: ${theme === 'dark' ? t('menu.themeDark') : t('menu.themeWhite')}`,
          () => changeTheme(theme === 'dark' ? 'white' : 'dark'),
        )}
        {entry('globe', `${t('menu.language')}: ${t(`languageNames.${language}`)}`, () => {
          setMenuOpen(false);
          setLanguageOpen(true);
        })}
        {token && entry('logout', t('menu.logout'), () => void logout())}
      </ul>
    </SidePanel>
  );
}
