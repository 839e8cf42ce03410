// What a load is of, said by value, and the newest functions it runs: the loading hooks ask the
// server again when what they load changes, never because a render made new functions.
import { useInsertionEffect, useRef } from 'react';

/**
 * The parts that name what a load is of (a list's name, its filter, a market): the load runs
 * again when one of them changes by value. A function is never part of it: an inline arrow is a
 * new one on every render, and a load keyed on it would ask the server on every render, its own
 * answer's render included, without end.
 */
export type LoadKey = readonly (string | number | boolean | null | undefined)[];

/** The key as one comparable value, for an effect's dependencies. */
export function loadKeyId(key: LoadKey): string {
  return JSON.stringify(key);
}

/**
 * The newest `value` given, read when a load runs: the load uses the functions of the latest
 * render without restarting when they change. Updated before any effect of the render runs.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useInsertionEffect(() => {
    ref.current = value;
  });
  return ref;
}
