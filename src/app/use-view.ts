// One of the worker's views, delivered at most once per frame and only when it changed; a market
// view names what it is of (`useView('chart', { symbol, period })`) and is watched again when that
// changes by value.
import { replaceEqualDeep } from '@tanstack/react-router';
import { startTransition, useEffect, useState } from 'react';
import type { ViewName, ViewParams, ViewPayloads } from '../../workers/facade.ts';
import { watchView } from '../core-bridge.ts';
import { useLatest } from '../ui/load-key.ts';
import { useWorker } from './services.ts';

/** Views without parameters take none; the market views require theirs. */
export type ViewArgs<K extends ViewName> = ViewParams[K] extends undefined
  ? []
  : [params: ViewParams[K]];

/**
 * Parameters are written inline (`{ symbol, period }`), so each render brings a new object; only a
 * change of value may unwatch and watch again.
 */
export function sameParams(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  return keys.every((key) => Object.hasOwn(right, key) && Object.is(left[key], right[key]));
}

export function useView<K extends ViewName>(name: K, ...args: ViewArgs<K>): ViewPayloads[K] | null {
  return useFoldedView(
    name,
    shareUnchanged as () => (payload: ViewPayloads[K]) => ViewPayloads[K],
    ...args,
  );
}

/**
 * The fold of a plain view: the latest payload, with every part equal to the one before kept as
 * that same object. A payload arrives as a fresh copy each time (structured clone), so without
 * this a ticker's new price would make the order list, the balances and the rules look new too,
 * and every memoised part of the page would render again.
 */
export const shareUnchanged = () => {
  let shown: unknown;
  return (payload: unknown) => {
    shown = replaceEqualDeep(shown, payload);
    return shown;
  };
};

/**
 * A view whose payloads are folded into what the page shows: `fold` is made afresh for each watch
 * (a chart's columns, built from updates of its candles), and sees every payload of that watch,
 * in order. A watch loads what the view shows, so only a new view or new parameters (by value)
 * watch again: `makeFold` may be an inline arrow, the newest is used at the next watch.
 */
export function useFoldedView<K extends ViewName, Shown>(
  name: K,
  makeFold: () => (payload: ViewPayloads[K]) => Shown,
  ...args: ViewArgs<K>
): Shown | null {
  const core = useWorker();
  const newFold = useLatest(makeFold);
  const params = args[0] as ViewParams[K] | undefined;
  const [watched, setWatched] = useState(params);
  // Adopting new parameters while rendering (React's "state from the previous render" pattern)
  // keeps the watched value stable between renders without a ref.
  if (!sameParams(watched, params)) setWatched(params);
  const [received, setReceived] = useState<{
    name: K;
    of: ViewParams[K] | undefined;
    shown: Shown;
  } | null>(null);

  useEffect(() => {
    let id: number | undefined;
    let live = true;
    const fold = newFold.current();
    const receive = (payload: ViewPayloads[K]) => {
      if (!live) return;
      const shown = fold(payload);
      // A transition: React draws what the view changed in slices it can pause between, so a
      // page coming in or a burst of prices never holds the thread in one long task; a tap or a
      // keystroke goes first.
      startTransition(() => setReceived({ name, of: watched, shown }));
    };
    void watchView(core, name, receive, watched).then((watchId) => {
      id = watchId;
      if (!live) void core.unwatch(watchId);
    });
    return () => {
      live = false;
      if (id !== undefined) void core.unwatch(id);
    };
  }, [core, name, watched, newFold]);

  // What arrived for the previous parameters is not shown for the new ones (no stale chart).
  return received && received.name === name && received.of === watched ? received.shown : null;
}
