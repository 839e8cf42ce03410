// Short messages over the page, in one place: just under the top bar, above the page's content and
// clear of its forms' labels and buttons. Each kind has its colour and its mark (colour never
// speaks alone); done and notes are read out politely, failures at once.

import { memo } from 'react';
import { type Toast, type ToastKind, useToasts } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';

const marks: Readonly<Record<ToastKind, string>> = { success: '✓', error: '!', info: 'i' };

/** Memoised: a new toast renders itself, not again every toast already on screen. */
const ToastItem = memo(function ToastItem(props: { toast: Toast }) {
  const { t } = useTranslation();
  const { toast } = props;
  return (
    <div className={`toast toast--${toast.kind}`} data-kind={toast.kind}>
      <span className="toast__mark" aria-hidden="true">
        {marks[toast.kind]}
      </span>
      <span className="visually-hidden">{t(`toast.${toast.kind}`)}</span>
      <span className="toast__text">{toast.text}</span>
    </div>
  );
});

export function Toasts() {
  const toasts = useToasts();
  // Both regions stay in the page, empty or not: a screen reader hears what is added to a region
  // it already knew.
  return (
    <div className="toasts">
      <div className="toasts__list" role="status" aria-live="polite">
        {toasts
          .filter((toast) => toast.kind !== 'error')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
      <div className="toasts__list" role="alert" aria-live="assertive">
        {toasts
          .filter((toast) => toast.kind === 'error')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
    </div>
  );
}
