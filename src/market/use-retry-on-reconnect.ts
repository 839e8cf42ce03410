// A list that failed to load (the phone was offline, the server out of reach) loads again as soon
// as the market connection opens, so coming back online needs no tap on "retry".
import { useEffect } from 'react';
import { useView } from '../app/use-view.ts';

export function useRetryOnReconnect(failed: boolean, retry: () => Promise<unknown>): void {
  const open = useView('connection')?.open ?? false;
  useEffect(() => {
    if (open && failed) void retry();
  }, [open, failed, retry]);
}
