// The second contracts' way in from outside their pages: the side menu's entry and home's slide
// (src/products.ts lists it). Small on purpose: it loads with the menu and home, not with the
// pages' file.
import { routes } from '../routes/route-table.ts';
import type { ProductEntry, ProductLoad } from '../shell/product-entry.ts';

export const optionEntry: ProductEntry = {
  path: routes.optionMarkets.path,
  menu: {
    label: 'menu.option',
    icon: 'M12 21a8 8 0 100-16 8 8 0 000 16zM12 9v4l2.5 2M9.5 2.5h5',
  },
  slide: { key: 'second', tint: 'indigo' },
};

/** Its pages load apart, on the first visit to one (src/shell/product-entry.ts). */
export const productLoad: ProductLoad = 'apart';
