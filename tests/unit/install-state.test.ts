// The side menu's install entry: what it offers as the browser offers, spends or completes its
// install prompt, and which manual steps a device gets.
import { describe, expect, it } from 'vitest';
import {
  type InstallEvent,
  initialInstallState,
  installReducer,
  installStepsFor,
} from '../../src/pwa/install-state.ts';

const offered: InstallEvent = { type: 'prompt-offered' };
const accepted: InstallEvent = { type: 'prompt-answered', outcome: 'accepted' };
const dismissed: InstallEvent = { type: 'prompt-answered', outcome: 'dismissed' };

describe('install state', () => {
  it('starts with the manual steps in a browser tab, hidden in the installed app', () => {
    expect(initialInstallState(false)).toBe('manual');
    expect(initialInstallState(true)).toBe('standalone');
  });

  it('offers the browser prompt once the browser offers it', () => {
    expect(installReducer('manual', offered)).toBe('promptable');
  });

  it('is installed when the prompt is accepted', () => {
    expect(installReducer('promptable', accepted)).toBe('installed');
  });

  it('falls back to the steps when the prompt is dismissed, until a new one is offered', () => {
    const afterRefusal = installReducer('promptable', dismissed);
    expect(afterRefusal).toBe('manual');
    expect(installReducer(afterRefusal, offered)).toBe('promptable');
  });

  it('is installed when the browser says so, however it was installed', () => {
    expect(installReducer('manual', { type: 'installed' })).toBe('installed');
    expect(installReducer('promptable', { type: 'installed' })).toBe('installed');
  });

  it('stays installed when a prompt is offered afterwards', () => {
    expect(installReducer('installed', offered)).toBe('installed');
    expect(installReducer('standalone', offered)).toBe('standalone');
  });
});

describe('manual install steps', () => {
  it('uses the share sheet on iPhone and iPad', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1';
    const ipadAsMac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15';
    expect(installStepsFor(iphone, 5)).toBe('ios');
    expect(installStepsFor(ipadAsMac, 5)).toBe('ios');
  });

  it('uses the browser menu elsewhere, a Mac without touch included', () => {
    const android =
      'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36';
    const mac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15';
    expect(installStepsFor(android, 5)).toBe('browser-menu');
    expect(installStepsFor(mac, 0)).toBe('browser-menu');
  });
});
