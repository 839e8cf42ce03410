// An address that is no page of the app.
import { useTranslation } from '../i18n/use-translation.ts';
import { useGo } from '../routes/navigation.ts';
import { EmptyState } from '../ui/EmptyState.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  const go = useGo();
  return (
    <EmptyState
      text={t('empty.notFound')}
      actionLabel={t('empty.backHome')}
      onAction={() => go('/')}
    />
  );
}
