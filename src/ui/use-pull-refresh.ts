// Lets the shell's pull-down gesture refresh this page (see pull-refresh.ts).
import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { registerRefresh } from '../routes/pull-refresh.ts';

export function usePullRefresh(refresh: () => Promise<unknown>): void {
  const path = useLocation({ select: (location) => location.pathname });
  useEffect(() => registerRefresh(path, refresh), [path, refresh]);
}
