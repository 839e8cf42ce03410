// A side-menu entry's face: its icon, its words, then what follows them (a badge, an arrow).
import type { ReactNode } from 'react';
import { MenuIcon, type MenuIconSource } from './menu-icons.tsx';

export function MenuEntryFace(props: {
  icon: MenuIconSource;
  label: ReactNode;
  after?: ReactNode;
}) {
  return (
    <>
      <MenuIcon name={props.icon} className="menu-entry__icon" />
      <span className="menu-entry__label">{props.label}</span>
      {props.after}
    </>
  );
}
