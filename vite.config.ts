import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bundleGroups } from './build/page-groups.ts';
import { precompress } from './build/precompress.ts';
import { productFolders } from './build/product-registry.ts';
import english from './src/i18n/locales/en.json' with { type: 'json' };

// The web app. `npm run dev` serves it with the API proxied to a server on PORT (default 8080).
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;

/** The dark theme's background (`--bg` in src/styles/tokens.css): the splash screen and the status bar. */
const darkBackground = '#0b0e14';

// Installable, with the app shell precached by a generated service worker (docs/pwa.md).
const pwa = VitePWA({
  strategies: 'generateSW',
  filename: 'sw.js',
  // A new version waits until the trader chooses to reload (docs/pwa.md); the app registers it.
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['logo.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Meridian',
    short_name: 'Meridian',
    // The app's English tagline (`brand.tagline`), so the words about the app are written once.
    description: english.brand.tagline,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: darkBackground,
    theme_color: darkBackground,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  workbox: {
    // The shell: pages, scripts (the core worker's bundle among them), styles, fonts and icons.
    globPatterns: ['**/*.{html,js,css,woff,woff2,svg,png,webmanifest}'],
    // The chart and trading chunks are large; a shell missing one would fail offline.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: '/index.html',
    // The server's own paths are never answered with the app: the API, the socket, operators.
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/ops(\/|$)/],
    cleanupOutdatedCaches: true,
    // No runtime caching: a request outside the precache (every API call) is not answered by the
    // worker at all and goes to the network as if there were no worker.
    runtimeCaching: [],
  },
});

/**
 * Everything the entry imports statically, in one chunk beside it. Left alone, the bundler cut
 * those modules into sixteen chunks (each also imported by some page), and a phone paid for every
 * one at the start: a request, a module record, and about 5 ms of the main thread (at a phone's
 * speed) to queue its preload. Pages still share their own chunks as before.
 */
const startGroup = {
  name: 'app-start',
  tags: ['$initial' as const],
  // Before the page groups: what the start needs is the start's, whoever else imports it.
  priority: 1,
  // The entry itself stays the page's script: index.html (as the bundler sees it) and main.tsx.
  test: (id: string) => !/\/(index\.html|src\/main\.tsx)(\?|$)/.test(id),
};

/**
 * The charts' d3 (d3-scale, d3-shape and what those import) in one file of its own, docs/chart.md:
 * the price chart and the depth chart both import it, so the chart page and the second contract's
 * trade page load it with their own files, and the spot and perpetual trade pages only when their
 * Depth tab is first chosen. It is on no other page's first load and never on the critical path.
 */
const d3Group = {
  name: 'd3',
  test: /\/node_modules\/(d3-[\w-]+|internmap)\//,
  priority: 1,
};

/**
 * The core worker's files (docs/decisions.md § "Delivery and the first screen"): what it runs from
 * the start in one file, and the domains of the products whose pages load apart (src/products.ts,
 * read by build/product-registry.ts) in one more, loaded with the first such product page as the
 * products' strings are. The wallet's pages, verification, articles and support, and the check of
 * a log another build kept, load each in a file of its own.
 */
const productsApart = productFolders(import.meta.dirname, 'apart').join('|');
const workerGroups = [
  { name: 'worker-start', tags: ['$initial' as const], priority: 2 },
  {
    name: 'products',
    test: new RegExp(`/(workers|core|schemas/api)/(${productsApart})\\b`),
    priority: 1,
  },
];

export default defineConfig({
  // The copies compressed last, once the service worker is written too.
  plugins: [react(), pwa, precompress()],
  worker: {
    format: 'es',
    rolldownOptions: { output: { codeSplitting: { groups: workerGroups } } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The maps are written beside the files for whoever debugs a build, but the files do not
    // name them: a `sourceMappingURL` line in each of a hundred files is bytes every phone
    // downloads for a developer's tool (docs/decisions.md § "Delivery and the first screen").
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group takes the modules it names, not their imports (build/page-groups.ts).
          includeDependenciesRecursively: false,
          groups: [startGroup, d3Group, ...bundleGroups(import.meta.dirname)],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
