// A side-menu entry's face: its icon, its words, then what follows them (a badge, an arrow).
import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

export function MenuEntryFace(props: { icon: IconName; label: ReactNode; after?: ReactNode }) {
  return (
    <>
      <Icon name={props.icon} className="menu-entry__icon" />
      <span className="menu-entry__label">{props.label}</span>
      {props.after}
    </>
  );
}
