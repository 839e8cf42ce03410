// The system location-picker routes (docs/product.md §2): the app asks for no location.
import { useTranslation } from '../i18n/use-translation.ts';
import { useBack } from '../routes/navigation.ts';
import { EmptyState } from '../ui/EmptyState.tsx';

export function LocationPage() {
  const { t } = useTranslation();
  const back = useBack();
  return (
    <EmptyState text={t('empty.locationUnavailable')} actionLabel={t('nav.back')} onAction={back} />
  );
}
