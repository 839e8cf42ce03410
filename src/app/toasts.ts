// Short messages over the page: anyone may raise one (useNotify, a function that never changes),
// and only the toasts region reads the list (useToasts), so a toast renders nothing else.
import { createContext, useContext } from 'react';
import { createStore, type Store, useStore } from './store.ts';

/** What a toast tells: an action done, something that failed, or a plain note. */
export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
}

/** Shows a short message; `info` unless said otherwise. */
export type Notify = (text: string, kind?: ToastKind) => void;

export interface Toasts {
  shown: Store<readonly Toast[]>;
  notify: Notify;
}

/** How long a toast stays. */
const toastMs = 2500;

export function createToasts(): Toasts {
  const shown = createStore<readonly Toast[]>([]);
  let nextId = 1;
  return {
    shown,
    notify(text, kind = 'info') {
      const id = nextId++;
      shown.set((list) => [...list, { id, text, kind }]);
      setTimeout(() => shown.set((list) => list.filter((toast) => toast.id !== id)), toastMs);
    },
  };
}

export const ToastsContext = createContext<Toasts | null>(null);

function useToastStore(): Toasts {
  const toasts = useContext(ToastsContext);
  if (!toasts) throw new Error('toasts outside AppProvider');
  return toasts;
}

/** Raises a toast; the function is the same on every render. */
export function useNotify(): Notify {
  return useToastStore().notify;
}

/** The toasts on screen, oldest first. */
export function useToasts(): readonly Toast[] {
  return useStore(useToastStore().shown);
}
