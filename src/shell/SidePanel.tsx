// A panel that slides over the page from one side. It is a modal dialog named by its label, so a
// screen reader announces it and stays inside it: it takes the focus when it opens, and Escape or
// a tap outside it closes it and gives the focus back to what opened it (the menu button).
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

export function SidePanel(props: {
  side: 'start' | 'end';
  label: string;
  onClose(): void;
  children: ReactNode;
  /** The panel's content is the app's navigation (the side menu), not a list of choices. */
  navigation?: boolean;
}) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(props.onClose);
  close.current = props.onClose;
  const opener = useRef<HTMLElement | null>(null);

  const dismiss = () => {
    close.current();
    opener.current?.focus();
  };
  const dismissRef = useRef(dismiss);
  dismissRef.current = dismiss;

  useEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismissRef.current();
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, []);

  return (
    <div className="overlay">
      <button
        type="button"
        className="overlay__backdrop"
        aria-label={t('nav.close')}
        onClick={dismiss}
      />
      <div
        ref={panel}
        className={`panel panel--${props.side}`}
        role="dialog"
        aria-modal="true"
        aria-label={props.label}
        tabIndex={-1}
      >
        {props.navigation ? <nav aria-label={props.label}>{props.children}</nav> : props.children}
      </div>
    </div>
  );
}
