// An address that is no page of the app.
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { EmptyState } from '../ui/EmptyState.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      text={t('empty.notFound')}
      actionLabel={t('empty.backHome')}
      onAction={() => void navigate({ to: routes.home.path })}
    />
  );
}
