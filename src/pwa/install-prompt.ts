// Holds the browser's install prompt from the moment it is offered: `beforeinstallprompt` fires
// once, early, long before anyone opens the side menu, so it is caught at startup and kept here.
import {
  type InstallEvent,
  type InstallState,
  initialInstallState,
  installReducer,
} from './install-state.ts';

/** Chromium's event; not in TypeScript's DOM types because it is not a standard. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function isInstallPrompt(event: Event): event is BeforeInstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function' && 'userChoice' in event;
}

export class InstallPrompt {
  #state: InstallState = 'manual';
  #offered: BeforeInstallPromptEvent | null = null;
  readonly #listeners = new Set<() => void>();

  /** Starts listening on the window; `standalone` says the app already runs installed. */
  listen(target: Window): void {
    this.#state = initialInstallState(
      target.matchMedia('(display-mode: standalone)').matches ||
        // iOS's own flag for a home screen app.
        ('standalone' in target.navigator && target.navigator.standalone === true),
    );
    target.addEventListener('beforeinstallprompt', (event) => {
      if (!isInstallPrompt(event)) return;
      // Keeps the browser's mini bar away: the menu entry is where installing is offered.
      event.preventDefault();
      this.#offered = event;
      this.#dispatch({ type: 'prompt-offered' });
    });
    target.addEventListener('appinstalled', () => {
      this.#offered = null;
      this.#dispatch({ type: 'installed' });
    });
  }

  readonly state = (): InstallState => this.#state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Shows the browser's prompt (which must follow a tap); false when there is none to show. */
  async prompt(): Promise<boolean> {
    const offered = this.#offered;
    if (!offered) return false;
    this.#offered = null;
    await offered.prompt();
    const choice = await offered.userChoice;
    this.#dispatch({ type: 'prompt-answered', outcome: choice.outcome });
    return true;
  }

  #dispatch(event: InstallEvent): void {
    const next = installReducer(this.#state, event);
    if (next === this.#state) return;
    this.#state = next;
    for (const listener of this.#listeners) listener();
  }
}

/** The app's one instance, listening from `main.tsx`. */
export const installPrompt = new InstallPrompt();
