// The built app as the server sends it: the page and its scripts compressed (brotli, smaller
// than gzip), the hashed scripts kept a year, the page and the service worker revalidated.
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { measureBundle } from '../../build/bundle-size.ts';
import { smallestBytes } from '../../build/precompress.ts';
import { rawGet } from '../support/raw-get.ts';

const appUrl = inject('appUrl');
const dist = path.resolve(import.meta.dirname, '../../dist');

const head = (at: string) => rawGet(`${appUrl}${at}`, { 'accept-encoding': 'br, gzip' });

describe('the built app', () => {
  it('comes compressed, hashed scripts kept a year and the page revalidated', async () => {
    const page = await head('/');
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const scripts = measureBundle(dist).critical.filter((sized) => sized.file.endsWith('.js'));
    // The entry, the chunk of its imports, the core worker: the first load's scripts.
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const script of scripts) {
      const sent = await head(`/${script.file}`);
      expect(sent.headers.get('cache-control'), script.file).toBe(
        'public, max-age=31536000, immutable',
      );
      // A file smaller than a compressed copy's headers is sent as it is.
      if (statSync(path.join(dist, script.file)).size < smallestBytes) continue;
      expect(sent.headers.get('content-encoding'), script.file).toBe('br');
      expect(Number(sent.headers.get('content-length')), script.file).toBeLessThan(
        script.gzipBytes,
      );
    }
    const worker = await head('/sw.js');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });
});
