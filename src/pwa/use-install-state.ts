// The install state for a component, kept current as the browser offers or spends its prompt.
import { useSyncExternalStore } from 'react';
import { installPrompt } from './install-prompt.ts';
import type { InstallState } from './install-state.ts';

export function useInstallState(): InstallState {
  return useSyncExternalStore(installPrompt.subscribe, installPrompt.state);
}
