// The built app as the server sends it: the page and its scripts compressed (brotli, smaller
// than gzip), the hashed scripts kept a year, the page and the service worker revalidated.
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { measureBundle } from '../../build/bundle-size.ts';
import { rawGet } from '../support/raw-get.ts';

const appUrl = inject('appUrl');

const head = (at: string) => rawGet(`${appUrl}${at}`, { 'accept-encoding': 'br, gzip' });

describe('the built app', () => {
  it('comes compressed, hashed scripts kept a year and the page revalidated', async () => {
    const page = await head('/');
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const { critical } = measureBundle(path.resolve(import.meta.dirname, '../../dist'));
    const entry = critical.find((sized) => /^assets\/index-[\w-]+\.js$/.test(sized.file));
    if (!entry) throw new Error('no entry script');
    const script = await head(`/${entry.file}`);
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(script.headers.get('content-length'))).toBeLessThan(entry.gzipBytes);
    const worker = await head('/sw.js');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });
});
