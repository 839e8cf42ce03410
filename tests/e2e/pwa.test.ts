// The installable app in a phone-sized Chromium against the real server: the manifest and its
// icons, the app opening offline from its service worker and reconnecting by itself, the offline
// banner in Hebrew and the white theme, and the menu's install entry with and without a prompt.
import { describe, expect, inject, it } from 'vitest';
import { setUpPhoneApp } from './pages/phone-app.ts';
import { PwaPage } from './pwa-page.ts';

const appUrl = inject('appUrl');
const phone = setUpPhoneApp();
const pwa = () => new PwaPage(phone.app.page);

/** Reconnecting takes a socket retry (3 s) and a reload of the lists; 45 s is generous. */
const reconnect = { timeout: 45_000, interval: 250 };
/** Room for a few of those waits, so a failing one reports what it saw, not a test timeout. */
const slow = { timeout: 180_000 };

interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
}

describe('web manifest', () => {
  it('is linked and names the app, its icons, its start and standalone display', async () => {
    await phone.app.open('/');
    const manifestUrl = await pwa().manifestUrl();
    expect(manifestUrl).not.toBeNull();
    const answer = await phone.context.request.get(manifestUrl ?? '');
    expect(answer.status()).toBe(200);
    const manifest = (await answer.json()) as Manifest;
    expect(manifest.name).toBe('Meridian');
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    // The start URL opens the app itself, inside the scope the worker controls.
    const start = new URL(manifest.start_url ?? '', manifestUrl ?? '');
    const scope = new URL(manifest.scope ?? '', manifestUrl ?? '');
    expect(start.href).toBe(`${appUrl}/`);
    expect(start.href.startsWith(scope.href)).toBe(true);

    const icons = manifest.icons ?? [];
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
    for (const icon of icons) {
      const image = await phone.context.request.get(new URL(icon.src, manifestUrl ?? '').href);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toMatch(/^image\/png/);
      expect((await image.body()).subarray(1, 4).toString(), icon.src).toBe('PNG');
    }
  });

  it('serves the service worker from the root of the app', async () => {
    const worker = await phone.context.request.get(`${appUrl}/sw.js`);
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
  });
});

describe('offline', () => {
  it(
    'opens offline after one visit, says so, and loads the markets again once back online',
    slow,
    async () => {
      await phone.app.open('/');
      await expect.poll(() => pwa().serviceWorkerState(), reconnect).toBe('activated');
      await expect.poll(() => pwa().marketRows().count(), reconnect).toBeGreaterThan(0);

      await phone.context.setOffline(true);
      await pwa().reopen();
      expect(await pwa().controlled()).toBe(true);
      await expect.poll(() => pwa().connectivityShown()).toBe('no-network');
      expect(await pwa().offlineBanner().textContent()).toContain('No internet connection');
      // The app's files came from the cache, and no answer of the API did: what the markets
      // show offline is what the app's own log kept of the last visit, not a cached response.
      const cached = await pwa().cachedUrls();
      const paths = cached.map((url) => new URL(url).pathname);
      expect(paths).toContain('/index.html');
      expect(paths.filter((at) => at.startsWith('/api/'))).toEqual([]);

      await phone.context.setOffline(false);
      await expect.poll(() => pwa().connectivityShown(), reconnect).toBeNull();
      await expect.poll(() => pwa().marketRows().count(), reconnect).toBeGreaterThan(0);
    },
  );

  it(
    'shows the banner in Hebrew and the white theme without widening the phone screen',
    slow,
    async () => {
      await phone.context.addInitScript(() => {
        localStorage.setItem('lang', 'he');
        localStorage.setItem('theme', 'white');
      });
      await phone.app.open('/');
      await expect
        .poll(() => phone.app.htmlAttributes())
        .toMatchObject({ dir: 'rtl', theme: 'white' });

      await phone.context.setOffline(true);
      await expect.poll(() => pwa().connectivityShown()).toBe('no-network');
      expect(await pwa().offlineBanner().textContent()).toContain('אין חיבור');
      expect(await pwa().sidewaysOverflow()).toBe(0);
      const banner = await pwa().offlineBanner().boundingBox();
      expect(banner?.width).toBeLessThanOrEqual(390);

      await phone.context.setOffline(false);
      await expect.poll(() => pwa().connectivityShown(), reconnect).toBeNull();
    },
  );
});

describe('install entry', () => {
  it('shows the add-to-home-screen steps when the browser offers no prompt', async () => {
    // Whatever this Chromium decides about installability, the app never sees a prompt here.
    await phone.context.addInitScript(() => {
      window.addEventListener('beforeinstallprompt', (event) => event.stopImmediatePropagation(), {
        capture: true,
      });
    });
    await phone.app.open('/');
    await phone.app.openMenu();
    expect(await pwa().installEntry().textContent()).toBe('Download app');
    await pwa().installEntry().click();
    await expect.poll(() => pwa().installSteps().isVisible()).toBe(true);
    const steps = await pwa().installSteps().locator('li').allTextContents();
    expect(steps).toHaveLength(3);
    expect(steps.join(' ')).toContain('Install app');
    await pwa().installSteps().getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => pwa().installSteps().count()).toBe(0);
  });

  it('shows the browser prompt when one was offered, then marks the app installed', async () => {
    await phone.context.addInitScript(() => {
      const calls = { prompted: 0 };
      Object.assign(window, { installCalls: calls });
      // The browser's offer, as Chromium makes it once the app is installable.
      window.addEventListener('load', () => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => {
            calls.prompted++;
            return Promise.resolve();
          },
          userChoice: Promise.resolve({ outcome: 'accepted' }),
        });
        window.dispatchEvent(offer);
      });
    });
    await phone.app.open('/');
    await phone.app.openMenu();
    await expect.poll(() => pwa().installEntry().getAttribute('data-install')).toBe('promptable');
    await pwa().installEntry().click();
    await expect
      .poll(() =>
        phone.app.page.evaluate(
          () => (window as unknown as { installCalls: { prompted: number } }).installCalls.prompted,
        ),
      )
      .toBe(1);
    await expect.poll(() => pwa().installEntry().getAttribute('data-install')).toBe('installed');
    expect(await pwa().installEntry().textContent()).toContain('Installed');
    expect(await pwa().installSteps().count()).toBe(0);
  });
});
