// What a product shows outside its own pages: its entry in the side menu's trading center and its
// slide in home's carousel. Each product's folder exports one (`src/<product>/entry.ts`) and
// src/products.ts lists them, so the menu and the carousel name no product. An entry is words'
// keys, an icon's strokes and a tint: it loads with the menu or home, never with the pages.
import type { RoutePath } from '../routes/navigation.ts';

/**
 * The slides' backgrounds (src/styles/home.css): a gradient of the accent and one deep colour,
 * each keeping the slide's white text at 5:1. Without one, a slide takes the accent's own.
 */
export type SlideTint = 'steel' | 'indigo' | 'teal' | 'violet';

export interface ProductEntry {
  /** The product's first page, where its menu entry and its slide lead. */
  path: RoutePath;
  menu: {
    /** The entry's words' key (`menu.…`). */
    label: string;
    /** The icon's strokes on a 24-unit square (src/shell/Icon.tsx draws them). */
    icon: string;
  };
  slide: {
    /** Its words are `products.<key>.title` and `.text`; its class is `product-slide--<key>`. */
    key: string;
    tint?: SlideTint;
  };
}

/**
 * When a product's pages load, which its entry's folder says beside its entry
 * (`export const productLoad: ProductLoad = …` in `src/<product>/entry.ts`):
 * - `first-screens`: with the app's first screens; its parts the first screens use join their
 *   kit, its strings are in the shell's file and its worker domain starts with the worker
 *   (workers/domains.ts);
 * - `apart`: on the first visit to one of its pages; its pages are a file of their own
 *   (build/page-groups.ts), its strings are in the products' strings file under its folder's name
 *   (`src/i18n/locales/*.products.json`) and its worker domain is in the worker's products' file
 *   (vite.config.ts).
 * The build reads it from the entry's text (build/product-registry.ts) and the app never imports
 * it, so it costs the bundle nothing.
 */
export type ProductLoad = 'first-screens' | 'apart';
