// Registers the service worker (production builds only) and says when a new version of the app is
// waiting. It waits until the trader taps reload (docs/pwa.md): swapping the code under an open
// order form could lose what was being typed.
import { registerSW } from 'virtual:pwa-register';

/** A trading app stays open for days; the browser itself checks only on navigations. */
const updateCheckMs = 60 * 60 * 1000;

export class AppUpdate {
  #apply: (() => Promise<void>) | null = null;
  readonly #listeners = new Set<() => void>();

  readonly ready = (): boolean => this.#apply !== null;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  offer(apply: () => Promise<void>): void {
    this.#apply = apply;
    for (const listener of this.#listeners) listener();
  }

  /** Activates the waiting version and reloads the page into it. */
  apply(): Promise<void> {
    return this.#apply?.() ?? Promise.resolve();
  }
}

export const appUpdate = new AppUpdate();

export function registerServiceWorker(): void {
  // In development Vite serves modules that change on every edit; a cache in front would hide them.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => appUpdate.offer(() => update(true)),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update(), updateCheckMs);
    },
  });
}
