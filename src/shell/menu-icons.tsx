// The side menu's icons (Icon.tsx draws them), loaded with the menu: its entries' line icons and
// a visitor's silhouette. Each product's entry brings its own icon (src/products.ts).
import { barIcons, LineIcon } from './Icon.tsx';

const menuIcons = {
  home: barIcons.home,
  globe: barIcons.globe,
  /** Points to the inline end; mirrored in Hebrew, turned down when what it opens is open. */
  chevron: 'M9 6l6 6-6 6',
  verify:
    'M4 5h16v14H4zM8 9.5a2 2 0 104 0 2 2 0 00-4 0M6.5 16c.6-1.6 1.8-2.5 3.5-2.5s2.9.9 3.5 2.5M15 9h3M15 12h3',
  deposit: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 8v8M8 12h8',
  trading: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  assets: 'M4 7h15a1 1 0 011 1v11a1 1 0 01-1 1H4zM4 7V5a1 1 0 011-1h11v3M15 13.5h2',
  notice: 'M4 10v4h3l7 4V6l-7 4zM18 9a4 4 0 010 6',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  addressBook:
    'M6 3h12a1 1 0 011 1v16a1 1 0 01-1 1H6zM6 3v18M4 8h2M4 16h2M11 10a2 2 0 104 0 2 2 0 00-4 0M10 16c.5-1.5 1.6-2.2 3-2.2s2.5.7 3 2.2',
  security: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM9 12l2 2 4-4',
  share:
    'M18 8a3 3 0 100-6 3 3 0 000 6zM6 15a3 3 0 100-6 3 3 0 000 6zM18 22a3 3 0 100-6 3 3 0 000 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  guides: 'M4 5h6a2 2 0 012 2v13a2 2 0 00-2-2H4zM20 5h-6a2 2 0 00-2 2v13a2 2 0 012-2h6z',
  about: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v6M12 7.5v.5',
  support: 'M4 15v-3a8 8 0 0116 0v3M4 14h3v5H4zM17 14h3v5h-3zM20 19c0 1.5-2 2.5-5 2.5',
  theme: 'M20 14.5A8 8 0 119.5 4a6.5 6.5 0 0010.5 10.5z',
  logout: 'M10 4H5v16h5M14 8l4 4-4 4M18 12H9',
} as const;

export type MenuIconName = keyof typeof menuIcons;

/** Icons that point along the line of text: Hebrew mirrors them. */
const directional: ReadonlySet<MenuIconName> = new Set(['chevron', 'logout']);

/** A menu icon: one of the menu's own by name, or the strokes a product's entry brings. */
export type MenuIconSource = MenuIconName | { path: string };

export function MenuIcon(props: { name: MenuIconSource; className?: string }) {
  const { name } = props;
  const named = typeof name === 'string';
  return (
    <LineIcon
      path={named ? menuIcons[name] : name.path}
      directional={named && directional.has(name)}
      {...(props.className === undefined ? {} : { className: props.className })}
    />
  );
}

/** A visitor's avatar: a neutral head and shoulders, filled, in place of a photo or an initial. */
export function PersonSilhouette(props: { className?: string }) {
  return (
    <svg className={props.className} viewBox="0 0 48 48" aria-hidden="true">
      <circle cx="24" cy="18" r="8" fill="currentColor" />
      <path d="M9 41c1.5-8 7.5-12.5 15-12.5S37.5 33 39 41z" fill="currentColor" />
    </svg>
  );
}
