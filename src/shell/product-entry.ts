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
