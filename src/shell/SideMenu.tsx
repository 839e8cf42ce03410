// The side menu (spec §2), opened from the top bar's left button: the user header, then every
// entry in the spec's order, the theme switch, the language picker and, when logged in, logout.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../app/app-context.tsx';
import { useGo } from '../routes/navigation.ts';
import { InstallEntry } from './InstallEntry.tsx';
import { MenuHeader } from './MenuHeader.tsx';
import { SidePanel } from './SidePanel.tsx';

const noticeCategory = '92';

const tradingEntries = [
  ['menu.spot', '/pages/spot/index'],
  ['menu.contract', '/pages/contract/index'],
  ['menu.option', '/pages/option/index'],
  ['menu.subscription', '/pages/subscription/index'],
  ['menu.ai', '/pages/ai/index'],
] as const;

export function SideMenu() {
  const { t } = useTranslation();
  const app = useApp();
  const go = useGo();
  const [tradingOpen, setTradingOpen] = useState(false);
  if (!app.menuOpen) return null;

  const open = (path: string, search?: Record<string, string>) => {
    app.setMenuOpen(false);
    go(path, search);
  };
  const logout = async () => {
    if (await app.confirm(t('confirm.logout'))) await app.signOut();
  };
  const entry = (label: string, onClick: () => void) => (
    <li>
      <button type="button" className="menu-entry" onClick={onClick}>
        {label}
      </button>
    </li>
  );

  return (
    <SidePanel side="start" label={t('nav.menu')} navigation onClose={() => app.setMenuOpen(false)}>
      <MenuHeader onLogin={() => open('/login')} onVerify={() => open('/pages/user/auth')} />
      <ul className="menu-list">
        {entry(t('menu.home'), () => open('/'))}
        {entry(t('menu.verify'), () => open('/pages/user/auth'))}
        {entry(t('menu.deposit'), () => open('/pages/assets/rechargeList'))}
        <li>
          <button
            type="button"
            className="menu-entry"
            aria-expanded={tradingOpen}
            onClick={() => setTradingOpen(!tradingOpen)}
          >
            {t('menu.tradingCenter')}
            <span aria-hidden="true">{tradingOpen ? '▾' : '▸'}</span>
          </button>
          {tradingOpen && (
            <ul className="menu-list menu-list--nested">
              {tradingEntries.map(([label, path]) => (
                <li key={path}>
                  <button type="button" className="menu-entry" onClick={() => open(path)}>
                    {t(label)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </li>
        {entry(t('menu.assets'), () => open('/pages/assets/index'))}
        {entry(t('menu.notice'), () =>
          open('/pages/article/index', { category_id: noticeCategory }),
        )}
        <InstallEntry />
        {entry(t('menu.addressBook'), () => open('/pages/assets/address'))}
        {entry(t('menu.security'), () => open('/pages/user/safe'))}
        {entry(t('menu.share'), () => open('/pages/user/share'))}
        {entry(t('menu.about'), () => open('/pages/article/index'))}
        {entry(t('menu.support'), () => open('/pages/ks/index'))}
        {entry(
          `${t('menu.theme')}: ${app.theme === 'dark' ? t('menu.themeDark') : t('menu.themeWhite')}`,
          () => app.changeTheme(app.theme === 'dark' ? 'white' : 'dark'),
        )}
        {entry(`${t('menu.language')}: ${t(`languageNames.${app.language}`)}`, () => {
          app.setMenuOpen(false);
          app.setLanguageOpen(true);
        })}
        {app.token && entry(t('menu.logout'), () => void logout())}
      </ul>
    </SidePanel>
  );
}
