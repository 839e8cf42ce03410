// Spot's way in from outside its pages: the side menu's entry and home's slide (src/products.ts
// lists it). Small on purpose: it loads with the menu and home, not with the trade page.
import { routes } from '../routes/route-table.ts';
import type { ProductEntry, ProductLoad } from '../shell/product-entry.ts';

export const spotEntry: ProductEntry = {
  path: routes.spotMarkets.path,
  menu: {
    label: 'menu.spot',
    icon: 'M4 8h14l-4-4M20 16H6l4 4',
  },
  slide: { key: 'spot' },
};

/** Its pages load with the first screens (src/shell/product-entry.ts). */
export const productLoad: ProductLoad = 'first-screens';
