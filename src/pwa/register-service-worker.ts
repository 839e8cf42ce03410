// Registers the service worker in production builds and hands a waiting new version to
// `appUpdate`, which the shell offers as a reload.
import { registerSW } from 'virtual:pwa-register';
import { appUpdate } from './app-update.ts';

/** A trading app stays open for days; the browser itself checks only on navigations. */
const updateCheckMs = 60 * 60 * 1000;

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
