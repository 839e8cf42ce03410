// Pull-down refresh (docs/product.md §2, on the spot, futures and option lists): pulling the page
// down from its top past a threshold asks the router to load the page's data again.
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

/** How far (px) the page must be pulled before letting go refreshes it. */
export const pullThreshold = 64;
const maxPull = 120;

export function PullToRefresh(props: { enabled: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const router = useRouter();
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  if (!props.enabled) return <>{props.children}</>;

  // The gesture is followed on the window, so a release anywhere ends it and taps stay taps.
  const begin = (startY: number) => {
    let pulled = 0;
    const move = (event: PointerEvent) => {
      pulled = Math.max(0, Math.min(maxPull, event.clientY - startY));
      setPull(pulled);
    };
    const end = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      setPull(0);
      if (pulled >= pullThreshold && !refreshing) {
        setRefreshing(true);
        void router.invalidate().finally(() => setRefreshing(false));
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  };

  return (
    <div
      className="pull-to-refresh"
      onPointerDown={(event) => {
        if (window.scrollY === 0) begin(event.clientY);
      }}
    >
      <div
        className="pull-to-refresh__status"
        style={{ height: refreshing ? pullThreshold / 2 : pull / 2 }}
      >
        {(refreshing || pull >= pullThreshold) && (
          <span role="status">{refreshing ? t('loading.refreshing') : t('loading.release')}</span>
        )}
      </div>
      {props.children}
    </div>
  );
}
