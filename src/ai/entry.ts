// The AI products' way in from outside their pages: the side menu's entry and home's slide
// (src/products.ts lists it). Small on purpose: it loads with the menu and home, not with the
// pages' file.
import { routes } from '../routes/route-table.ts';
import type { ProductEntry, ProductLoad } from '../shell/product-entry.ts';

export const aiEntry: ProductEntry = {
  path: routes.aiProducts.path,
  menu: {
    label: 'menu.ai',
    icon: 'M11 3l1.8 5.2L18 10l-5.2 1.8L11 17l-1.8-5.2L4 10l5.2-1.8zM18.5 15l.7 1.8 1.8.7-1.8.7-.7 1.8-.7-1.8-1.8-.7 1.8-.7z',
  },
  slide: { key: 'ai', tint: 'violet' },
};

/** Its pages load apart, on the first visit to one (src/shell/product-entry.ts). */
export const productLoad: ProductLoad = 'apart';
