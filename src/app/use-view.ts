// One of the worker's views, delivered at most once per frame and only when it changed.
import { useEffect, useState } from 'react';
import type { ViewName, ViewPayloads } from '../../workers/facade.ts';
import { watchView } from '../core-bridge.ts';
import { useApp } from './app-context.tsx';

export function useView<K extends ViewName>(name: K): ViewPayloads[K] | null {
  const { core } = useApp();
  const [payload, setPayload] = useState<ViewPayloads[K] | null>(null);
  useEffect(() => {
    let id: number | undefined;
    let live = true;
    const receive = (next: ViewPayloads[K]) => {
      if (live) setPayload(next);
    };
    void watchView(core, name, receive).then((watchId) => {
      id = watchId;
      if (!live) void core.unwatch(watchId);
    });
    return () => {
      live = false;
      if (id !== undefined) void core.unwatch(id);
    };
  }, [core, name]);
  return payload;
}
