// The built app as the server sends it: the page and its scripts compressed (brotli, smaller
// than gzip), the hashed scripts kept a year, the page and the service worker revalidated.
import http from 'node:http';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { measureBundle } from '../../build/bundle-size.ts';

const appUrl = inject('appUrl');

/** The answer's headers and bytes as sent (`fetch` would undo the encoding). */
function head(at: string): Promise<{ headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${appUrl}${at}`, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks).toString('latin1') }),
        );
      })
      .on('error', reject);
  });
}

describe('the built app', () => {
  it('comes compressed, hashed scripts kept a year and the page revalidated', async () => {
    const page = await head('/');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    const { critical } = measureBundle(path.resolve(import.meta.dirname, '../../dist'));
    const entry = critical.find((sized) => /^assets\/index-[\w-]+\.js$/.test(sized.file));
    if (!entry) throw new Error('no entry script');
    const script = await head(`/${entry.file}`);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(script.headers['content-length'])).toBeLessThan(entry.gzipBytes);
    const worker = await head('/sw.js');
    expect(worker.headers['cache-control']).toBe('no-cache');
  });
});
