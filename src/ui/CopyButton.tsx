// Copies a text (an address, a transaction id) with a toast saying whether it worked
// (docs/product.md §7).

import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';

export function CopyButton(props: { text: string; label?: string; className?: string }) {
  const { t } = useTranslation();
  const toast = useNotify();
  const copy = async () => {
    try {
      // The clipboard is missing outside secure contexts: that throws here and is a failure too.
      await navigator.clipboard.writeText(props.text);
      toast(t('wallet.copied'), 'success');
    } catch {
      toast(t('wallet.copyFailed'), 'error');
    }
  };
  return (
    <button
      type="button"
      className={props.className ?? 'text-button'}
      aria-label={props.label ?? t('wallet.copy')}
      onClick={() => void copy()}
    >
      {t('wallet.copy')}
    </button>
  );
}
