// The subscriptions' way in from outside their pages: the side menu's entry and home's slide
// (src/products.ts lists it). Small on purpose: it loads with the menu and home, not with the
// pages' file.
import { routes } from '../routes/route-table.ts';
import type { ProductEntry, ProductLoad } from '../shell/product-entry.ts';

export const subscriptionEntry: ProductEntry = {
  path: routes.subscriptions.path,
  menu: {
    label: 'menu.subscription',
    icon: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7C10.5 4 7 4 7 6s5 1 5 1zm0 0c1.5-3 5-3 5-1s-5 1-5 1z',
  },
  slide: { key: 'subscription', tint: 'teal' },
};

/** Its pages load apart, on the first visit to one (src/shell/product-entry.ts). */
export const productLoad: ProductLoad = 'apart';
