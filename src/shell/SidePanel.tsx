// A panel that slides over the page from one side, closed by tapping outside it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function SidePanel(props: {
  side: 'start' | 'end';
  label: string;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="overlay">
      <button
        type="button"
        className="overlay__backdrop"
        aria-label={t('confirm.cancel')}
        onClick={props.onClose}
      />
      <nav className={`panel panel--${props.side}`} aria-label={props.label}>
        {props.children}
      </nav>
    </div>
  );
}
