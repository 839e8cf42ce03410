// The connectivity the shell shows: the browser's online flag, and the worker's market socket as
// it already reports it (the `connection` view), with the grace of `unreachableAfterMs`.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useView } from '../app/use-view.ts';
import { type Connectivity, connectivityOf, unreachableAfterMs } from './connectivity.ts';

function subscribeOnline(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

export function useConnectivity(): Connectivity {
  const browserOnline = useBrowserOnline();
  const socketOpen = useView('connection')?.open ?? false;
  const [downLong, setDownLong] = useState(false);
  useEffect(() => {
    if (socketOpen) {
      setDownLong(false);
      return;
    }
    const timer = setTimeout(() => setDownLong(true), unreachableAfterMs);
    return () => clearTimeout(timer);
  }, [socketOpen]);
  return connectivityOf({ browserOnline, socketOpen, socketDownLong: downLong });
}
