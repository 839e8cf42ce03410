// A panel that slides over the page from one side, closed by tapping outside it. It is a modal
// dialog named by its label, so a screen reader announces it and stays inside it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function SidePanel(props: {
  side: 'start' | 'end';
  label: string;
  onClose(): void;
  children: ReactNode;
  /** The panel's content is the app's navigation (the side menu), not a list of choices. */
  navigation?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="overlay">
      <button
        type="button"
        className="overlay__backdrop"
        aria-label={t('nav.close')}
        onClick={props.onClose}
      />
      <div
        className={`panel panel--${props.side}`}
        role="dialog"
        aria-modal="true"
        aria-label={props.label}
      >
        {props.navigation ? <nav aria-label={props.label}>{props.children}</nav> : props.children}
      </div>
    </div>
  );
}
