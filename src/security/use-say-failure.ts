// Says a failed call the worker did not toast: the server's refusal in its own words, or that no
// answer came. A session that ended was already handled by the worker.
import { useCallback } from 'react';
import type { Outcome } from '../../workers/facade.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { unannounced } from '../ui/failure-toast.ts';

export function useSayFailure() {
  const { t } = useTranslation();
  const toast = useNotify();
  return useCallback(
    (outcome: Outcome<unknown> | null) => {
      if (outcome?.ok) return;
      if (outcome?.failure.kind === 'business') toast(outcome.failure.msg, 'error');
      else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
    },
    [t, toast],
  );
}
