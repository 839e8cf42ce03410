// Whether a new version of the app is waiting, and the way to switch to it. It waits until the
// trader taps reload (docs/pwa.md): swapping the code under an open order form could lose what was
// being typed.

export class AppUpdate {
  #apply: (() => Promise<void>) | null = null;
  readonly #listeners = new Set<() => void>();

  readonly ready = (): boolean => this.#apply !== null;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** A new version is installed and waiting; `apply` activates it and reloads the page. */
  offer(apply: () => Promise<void>): void {
    this.#apply = apply;
    for (const listener of this.#listeners) listener();
  }

  /** Switches to the waiting version; nothing happens while none is waiting. */
  apply(): Promise<void> {
    return this.#apply?.() ?? Promise.resolve();
  }
}

/** The app's one instance, fed by `registerServiceWorker`. */
export const appUpdate = new AppUpdate();
