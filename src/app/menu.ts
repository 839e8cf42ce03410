// Whether the side menu and the language panel are open: the panels' place in the frame reads it
// (useMenu); whoever only opens or closes a panel takes the actions (useMenuActions), and is not
// rendered again when a panel opens.
import { createContext, useContext } from 'react';
import { createStore, type Store, useStore } from './store.ts';

export interface MenuState {
  menuOpen: boolean;
  languageOpen: boolean;
}

export interface Menu {
  state: Store<MenuState>;
  /** Stable: pages close the menu in effects that depend on it. */
  setMenuOpen(open: boolean): void;
  setLanguageOpen(open: boolean): void;
}

/** `onMenuOpened` runs on every opening of the menu (the session asks who is logged in again). */
export function createMenu(onMenuOpened: () => void): Menu {
  const state = createStore<MenuState>({ menuOpen: false, languageOpen: false });
  return {
    state,
    setMenuOpen(open) {
      state.set((shown) => (shown.menuOpen === open ? shown : { ...shown, menuOpen: open }));
      if (open) onMenuOpened();
    },
    setLanguageOpen(open) {
      state.set((shown) =>
        shown.languageOpen === open ? shown : { ...shown, languageOpen: open },
      );
    },
  };
}

export const MenuContext = createContext<Menu | null>(null);

export type MenuActions = Pick<Menu, 'setMenuOpen' | 'setLanguageOpen'>;

function useMenuStore(): Menu {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error('menu outside AppProvider');
  return menu;
}

/** Opening and closing the panels; no render when they open or close. */
export function useMenuActions(): MenuActions {
  const { setMenuOpen, setLanguageOpen } = useMenuStore();
  return { setMenuOpen, setLanguageOpen };
}

/** Which panel is open, with the actions; renders again when a panel opens or closes. */
export function useMenu(): MenuState & MenuActions {
  const menu = useMenuStore();
  return { ...useStore(menu.state), ...useMenuActions() };
}
