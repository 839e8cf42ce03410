// The confirmation asked before logout and before deleting an address or a session: a page asks
// (useConfirm, a function that never changes) and waits for the answer; only the dialog reads the
// question on screen (useConfirmRequest).
import { createContext, useContext } from 'react';
import { createStore, type Store, useStore } from './store.ts';

export interface ConfirmRequest {
  message: string;
  answer(ok: boolean): void;
}

export type Confirm = (message: string) => Promise<boolean>;

export interface Confirmations {
  request: Store<ConfirmRequest | null>;
  confirm: Confirm;
}

export function createConfirmations(): Confirmations {
  const request = createStore<ConfirmRequest | null>(null);
  return {
    request,
    confirm: (message) =>
      new Promise<boolean>((resolve) =>
        request.set({
          message,
          answer: (ok) => {
            request.set(null);
            resolve(ok);
          },
        }),
      ),
  };
}

export const ConfirmContext = createContext<Confirmations | null>(null);

function useConfirmations(): Confirmations {
  const confirmations = useContext(ConfirmContext);
  if (!confirmations) throw new Error('confirmations outside AppProvider');
  return confirmations;
}

/** Asks the user; answers whether they confirmed. The function is the same on every render. */
export function useConfirm(): Confirm {
  return useConfirmations().confirm;
}

/** The question on screen, if any. */
export function useConfirmRequest(): ConfirmRequest | null {
  return useStore(useConfirmations().request);
}
