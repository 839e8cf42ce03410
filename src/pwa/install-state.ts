// Whether and how the app can be installed, as a pure reducer of what the browser tells us: the
// side menu's "Download app" entry shows the browser's own prompt, the manual steps, or that the
// app is already installed.

/**
 * `standalone`: running as the installed app (the entry is hidden); `installed`: installed from
 * this browser tab; `promptable`: the browser offered its install prompt; `manual`: no prompt (iOS
 * Safari never offers one; others withhold it or already spent it), so the steps are shown.
 */
export type InstallState = 'standalone' | 'installed' | 'promptable' | 'manual';

export type InstallEvent =
  | { type: 'prompt-offered' }
  | { type: 'prompt-answered'; outcome: 'accepted' | 'dismissed' }
  | { type: 'installed' };

export function initialInstallState(standalone: boolean): InstallState {
  return standalone ? 'standalone' : 'manual';
}

export function installReducer(state: InstallState, event: InstallEvent): InstallState {
  // Once installed, a later offer (the browser may still fire one) changes nothing.
  if (state === 'standalone' || state === 'installed') return state;
  switch (event.type) {
    case 'prompt-offered':
      return 'promptable';
    case 'prompt-answered':
      // A prompt can be shown only once; after a refusal the steps are what is left.
      return event.outcome === 'accepted' ? 'installed' : 'manual';
    case 'installed':
      return 'installed';
  }
}

export type InstallSteps = 'ios' | 'browser-menu';

/** iOS adds to the home screen from Safari's share sheet; an iPad says it is a Mac with touch. */
export function installStepsFor(userAgent: string, maxTouchPoints: number): InstallSteps {
  const ios =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios ? 'ios' : 'browser-menu';
}
