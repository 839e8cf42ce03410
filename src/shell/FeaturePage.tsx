// A section whose feature is still being built: its title in the top bar and an honest empty state.
import { useTranslation } from '../i18n/use-translation.ts';
import { useGo } from '../routes/navigation.ts';
import { EmptyState } from '../ui/EmptyState.tsx';

export function FeaturePage() {
  const { t } = useTranslation();
  const go = useGo();
  return (
    <EmptyState
      text={t('empty.comingSoon')}
      actionLabel={t('empty.backHome')}
      onAction={() => go('/')}
    />
  );
}
