// A value kept outside React that a few components read and anyone may change: a component that
// reads it (useStore) renders again when it changes, and no other does. The toasts, the menu, the
// confirmation and the session are each one, so a toast re-renders the toasts and nothing else.
import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  /** A new value, or how to make it from the current one; the same value tells no one. */
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const changed = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (Object.is(changed, value)) return;
      value = changed;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's value, read while rendering; the component renders again when it changes. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
