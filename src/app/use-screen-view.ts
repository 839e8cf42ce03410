// The worker's folded view, delivered at most once per frame.
import { useEffect, useState } from 'react';
import type { ScreenView } from '../../workers/facade.ts';
import { proxy } from '../core-bridge.ts';
import { useApp } from './app-context.tsx';

export function useScreenView(): ScreenView | null {
  const { core } = useApp();
  const [view, setView] = useState<ScreenView | null>(null);
  useEffect(() => {
    let id: number | undefined;
    let live = true;
    void core.watch(proxy((next: ScreenView) => live && setView(next))).then((watchId) => {
      id = watchId;
      if (!live) void core.unwatch(watchId);
    });
    return () => {
      live = false;
      if (id !== undefined) void core.unwatch(id);
    };
  }, [core]);
  return view;
}
