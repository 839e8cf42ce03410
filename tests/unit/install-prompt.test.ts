// The install prompt caught at startup: kept for the menu's tap, shown once, its answer followed,
// and the browser's own mini bar kept away.
import { describe, expect, it, vi } from 'vitest';
import { InstallPrompt } from '../../src/pwa/install-prompt.ts';

/** The parts of a window the install prompt listens on. */
function fakeWindow(standalone = false) {
  const target = new EventTarget();
  return Object.assign(target, {
    matchMedia: (query: string) => ({ matches: standalone && query.includes('standalone') }),
    navigator: {},
  }) as unknown as Window;
}

function offerPrompt(target: Window, outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome }),
  });
  target.dispatchEvent(event);
  return event;
}

describe('install prompt', () => {
  it('has nothing to show before the browser offers a prompt', async () => {
    const install = new InstallPrompt();
    install.listen(fakeWindow());
    expect(await install.prompt()).toBe(false);
    expect(install.state()).toBe('manual');
  });

  it('keeps an offered prompt for the tap and stops the browser showing its own bar', async () => {
    const target = fakeWindow();
    const install = new InstallPrompt();
    install.listen(target);
    const changes = vi.fn();
    install.subscribe(changes);
    const event = offerPrompt(target, 'accepted');
    expect(event.defaultPrevented).toBe(true);
    expect(install.state()).toBe('promptable');

    expect(await install.prompt()).toBe(true);
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(install.state()).toBe('installed');
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('shows a prompt only once: after a refusal the steps are offered', async () => {
    const target = fakeWindow();
    const install = new InstallPrompt();
    install.listen(target);
    offerPrompt(target, 'dismissed');
    expect(await install.prompt()).toBe(true);
    expect(install.state()).toBe('manual');
    expect(await install.prompt()).toBe(false);
  });

  it('follows an install made from the browser menu', () => {
    const target = fakeWindow();
    const install = new InstallPrompt();
    install.listen(target);
    target.dispatchEvent(new Event('appinstalled'));
    expect(install.state()).toBe('installed');
  });

  it('knows when it runs as the installed app', () => {
    const install = new InstallPrompt();
    install.listen(fakeWindow(true));
    expect(install.state()).toBe('standalone');
  });
});
