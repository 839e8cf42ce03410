// The page's Content-Security-Policy, sent with every answer (docs/security.md § "The page's
// security policy"). Each directive is named here, none left to @fastify/helmet's defaults, so the
// policy reads in one place and tests/integration/csp-header.test.ts holds it as written.
import { webAppScriptHashes } from './inline-scripts.ts';

const self = "'self'";
const none = "'none'";

/** Helmet's directives (camelCase names) for the web app served from `webRoot`. */
export function contentSecurityDirectives(webRoot: string): Record<string, string[]> {
  return {
    defaultSrc: [self],
    // Script files from this origin and, inline, only the exact bytes of the index.html served:
    // its one inline script (the theme and direction set before the first paint) by its SHA-256,
    // never 'unsafe-inline'. It stays inline rather than in a file of public/: a file is one more
    // request before the first paint, and on a repeat visit the service worker does not serve, a
    // revalidation on the critical path (median first paint +56 and +72 ms in runs of 10 and 16
    // loads at Lighthouse's mobile throttling; no difference on a first visit), for no gain in
    // what may run (docs/security.md). No 'unsafe-eval': neither the app nor its worker evaluates a string (zod/mini
    // has no compiled parsers; tests/e2e/csp.test.ts reads the built files and refuses any eval).
    scriptSrc: [self, ...webAppScriptHashes(webRoot)],
    // Event handler attributes (onclick="…") never run, whatever script-src allows.
    scriptSrcAttr: [none],
    // Stylesheets from this origin only. The app's inline styles are React's `style` props, which
    // React sets through the element's style object (CSSOM), a path CSP does not govern; no
    // `style="…"` in markup and no <style> element is needed, so 'unsafe-inline' is not given.
    styleSrc: [self],
    // The API and the market socket, which the worker opens on the page's own host and port
    // (`${origin}/ws`, workers/core.worker.ts). 'self' matches it: CSP 3 lets 'self' match ws:
    // and wss: of the page's host and port, as every browser the build targets does (Chrome 111,
    // Firefox 114, Safari 16.4 and later); tests/e2e/csp.test.ts opens it under this policy.
    connectSrc: [self],
    // blob: for the images the page makes itself: an ID photo's preview, the share card.
    imgSrc: [self, 'blob:'],
    fontSrc: [self],
    manifestSrc: [self],
    // The core worker and the service worker, both files of this origin.
    workerSrc: [self],
    objectSrc: [none],
    // No <base>: every relative URL resolves against the page's own.
    baseUri: [none],
    // Never framed (clickjacking); forms only ever submit to this origin.
    frameAncestors: [none],
    formAction: [self],
    // No upgrade-insecure-requests: the app is served over plain HTTP on a LAN in development,
    // where upgrading would break it.
  };
}
