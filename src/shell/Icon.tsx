// Line icons drawn inline, so they look the same on every phone and need no icon font. Each is a
// 24-unit square of strokes in the text's colour, hidden from screen readers: the button or entry
// it sits in carries the words. The top bar's few are here; the side menu's, which load with the
// menu, are in menu-icons.tsx.

/** The top bar's icons. */
export const barIcons = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  back: 'M15 5l-7 7 7 7',
  home: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
  globe:
    'M12 3a9 9 0 100 18 9 9 0 000-18zm0 0c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9m0-18C9.5 5.6 8.2 8.6 8.2 12s1.3 6.4 3.8 9M3.5 9h17M3.5 15h17',
} as const;

export type BarIconName = keyof typeof barIcons;

/** One icon's strokes; `directional` for an icon that points along the line of text, which Hebrew mirrors. */
export function LineIcon(props: { path: string; directional?: boolean; className?: string }) {
  const classes = [props.className, props.directional && 'flip-in-rtl'].filter(Boolean);
  return (
    <svg
      className={classes.length > 0 ? [...new Set(classes)].join(' ') : undefined}
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={props.path} />
    </svg>
  );
}

export function Icon(props: { name: BarIconName; className?: string }) {
  return (
    <LineIcon
      path={barIcons[props.name]}
      directional={props.name === 'back'}
      {...(props.className === undefined ? {} : { className: props.className })}
    />
  );
}
