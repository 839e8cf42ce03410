// A page of one thing its link names (a project, a product, an order): loading until the thing is
// known, an empty state leading back to the list once it is known to be missing, else the page.
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { EmptyState } from './EmptyState.tsx';
import { ListLoading } from './SectionStatus.tsx';

export function ItemGate<T>(props: {
  item: T | null | undefined;
  missing: boolean;
  notFound: { text: string; actionLabel: string; onAction(): void };
  children(item: T): ReactNode;
}) {
  const { t } = useTranslation();
  if (props.item) return props.children(props.item);
  if (props.missing) return <EmptyState {...props.notFound} />;
  return <ListLoading text={t('loading.page')} />;
}
