// The perpetuals' way in from outside their pages: the side menu's entry and home's slide
// (src/products.ts lists it). Small on purpose: it loads with the menu and home, not with the
// pages' file.
import { routes } from '../routes/route-table.ts';
import type { ProductEntry, ProductLoad } from '../shell/product-entry.ts';

export const contractEntry: ProductEntry = {
  path: routes.contractMarkets.path,
  menu: {
    label: 'menu.contract',
    icon: 'M5 20V11M12 20V5M19 20v-6',
  },
  slide: { key: 'futures', tint: 'steel' },
};

/** Its pages load apart, on the first visit to one (src/shell/product-entry.ts). */
export const productLoad: ProductLoad = 'apart';
