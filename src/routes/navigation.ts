// Navigation by the route table's paths (docs/product.md §2). The route table is data, so paths
// are plain strings here.
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

export function useGo() {
  const router = useRouter();
  return useCallback(
    (path: string, search: Record<string, string | number> = {}) => {
      void router.navigate({ to: path, search } as unknown as Parameters<
        typeof router.navigate
      >[0]);
    },
    [router],
  );
}

/**
 * Back to the previous page, or to `fallback` (home unless the page names a better one) when this
 * is the first one, opened by a link (docs/product.md §2).
 */
export function useBack(fallback = '/') {
  const router = useRouter();
  const go = useGo();
  return useCallback(() => {
    if (router.history.canGoBack()) router.history.back();
    else go(fallback);
  }, [router, go, fallback]);
}
