// A sheet that rises from the bottom of the screen over the page (a trader's leverage, TP/SL or
// close dialog), closed by its button or by tapping outside it. It is a modal dialog: the first
// field takes the focus, and Escape closes it.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

export function BottomSheet(props: {
  title: string;
  onClose(): void;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const sheet = useRef<HTMLDivElement>(null);
  // The latest close callback, so focusing the first field happens once, not on every render.
  const close = useRef(props.onClose);
  close.current = props.onClose;
  useEffect(() => {
    const first = sheet.current?.querySelector<HTMLElement>(
      'input, select, button:not(.sheet__close)',
    );
    first?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
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
        onClick={props.onClose}
      />
      <div
        ref={sheet}
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={props.testId}
      >
        <div className="sheet__header">
          <h2 id={titleId} className="sheet__title">
            {props.title}
          </h2>
          <button
            type="button"
            className="icon-button sheet__close"
            aria-label={t('nav.close')}
            onClick={props.onClose}
          >
            ×
          </button>
        </div>
        {props.children}
      </div>
    </div>
  );
}
