// How the app's files and the API are delivered: each file in the brotli or gzip copy the build
// made when the browser accepts one, hashed assets kept a year and the rest revalidated; the
// request limit counts API calls only, per user where there is a session and per address
// otherwise, and socket upgrades in a window of their own.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { precompressDirectory } from '../../build/precompress.ts';
import { systemClock } from '../../server/clock.ts';
import { ApiClient } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { rawGet } from '../support/raw-get.ts';
import { seedTraders } from '../support/seeded-traders.ts';

const apiPerMinute = 5;
const upgradesPerMinute = 710;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const page = `<!doctype html><html><head><title>Meridian</title></head><body>${'<p>text</p>'.repeat(200)}</body></html>`;

let webRoot: string;
let server: InProcessServer;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'meridian-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(path.join(webRoot, 'assets', 'app-3f2a9c1d.js'), script);
  await writeFile(path.join(webRoot, 'index.html'), page);
  await writeFile(path.join(webRoot, 'sw.js'), script);
  await writeFile(path.join(webRoot, 'tiny.txt'), 'too small to compress');
  await precompressDirectory(webRoot);
  server = await startInProcessServer(systemClock, {
    WEB_ROOT: webRoot,
    RATE_LIMIT_PER_MINUTE: String(apiPerMinute),
    WS_UPGRADES_PER_MINUTE: String(upgradesPerMinute),
    LIQUIDITY_PROVIDER: 'false',
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (at: string, headers: Record<string, string> = {}) =>
  rawGet(`${server.url}${at}`, { 'x-forwarded-for': '10.1.1.1', ...headers });

describe('the built files', () => {
  it('come in the compressed copy the browser accepts, each the same content', async () => {
    const brotli = await get('/assets/app-3f2a9c1d.js', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script);

    const gzip = await get('/assets/app-3f2a9c1d.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await get('/assets/app-3f2a9c1d.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text()).toBe(script);
    expect(plain.headers.get('content-type')).toMatch(/javascript/);

    const tiny = await get('/tiny.txt', { 'accept-encoding': 'br' });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(tiny.text()).toBe('too small to compress');
  });

  it('keeps hashed assets a year, and has the page and the service worker revalidated', async () => {
    const asset = await get('/assets/app-3f2a9c1d.js', { 'accept-encoding': 'br' });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const file of ['/', '/index.html', '/sw.js']) {
      const answer = await get(file, { 'accept-encoding': 'br' });
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get('content-encoding'), file).toBe('br');
      expect(answer.headers.get('cache-control'), file).toBe('no-cache');
    }
    const html = await get('/', { 'accept-encoding': 'identity' });
    expect(html.text()).toBe(page);
  });

  it('writes nothing it was not given: the build output stays as it was', async () => {
    expect(await readFile(path.join(webRoot, 'assets', 'app-3f2a9c1d.js'), 'utf8')).toBe(script);
  });
});

describe('the request limit', () => {
  it("never counts the app's files, however many one address loads", async () => {
    for (let i = 0; i < apiPerMinute * 4; i++) {
      expect((await get('/assets/app-3f2a9c1d.js', { 'x-forwarded-for': '10.2.2.2' })).status).toBe(
        200,
      );
    }
    const api = new ApiClient(server.url, '10.2.2.2');
    expect((await api.get('/contract/markets')).status).toBe(200);
  });

  it('counts API calls without a session per address, with the localized refusal past the limit', async () => {
    const api = new ApiClient(server.url, '10.3.3.3');
    for (let i = 0; i < apiPerMinute; i++) {
      expect((await api.get('/contract/markets')).status).toBe(200);
    }
    const refused = await api.get('/contract/markets', {}, { lang: 'de' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 1045, data: null });
    const inEnglish = await api.get('/contract/markets', {}, { lang: 'en' });
    expect(inEnglish.status).toBe(429);
    expect(refused.body.msg).not.toBe(inEnglish.body.msg);
    // Another address has its own window.
    expect((await new ApiClient(server.url, '10.3.3.4').get('/contract/markets')).status).toBe(200);
  });

  it('counts per user where there is a session: two users behind one address each get theirs', async () => {
    const [first, second] = await seedTraders(server.db, 2, 0n);
    if (!first || !second) throw new Error('no traders');
    const shared = new ApiClient(server.url, '10.4.4.4');
    for (let i = 0; i < apiPerMinute; i++) {
      expect((await shared.get('/contract/positions', {}, { token: first.token })).status).toBe(
        200,
      );
    }
    expect((await shared.get('/contract/positions', {}, { token: first.token })).status).toBe(429);
    expect((await shared.get('/contract/positions', {}, { token: second.token })).status).toBe(200);
    // A token that is no session counts against the address, not a window of its own.
    const forged = new ApiClient(server.url, '10.4.4.5');
    for (let i = 0; i < apiPerMinute; i++) {
      await forged.get('/contract/markets', {}, { token: `forged-${i}` });
    }
    expect((await forged.get('/contract/markets', {}, { token: 'forged-last' })).status).toBe(429);
  });

  it('lets a burst of 700 socket upgrades from one address through, in a window of their own', async () => {
    const address = '10.5.5.5';
    const upgrade = () =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws`, {
          headers: { 'x-forwarded-for': address },
        });
        socket.once('open', () => {
          socket.once('close', () => resolve(101));
          socket.close();
        });
        socket.once('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0);
          socket.terminate();
        });
        socket.once('error', () => resolve(0));
      });
    const statuses: number[] = [];
    // Ten at a time: under the cap on sockets one address may hold at once.
    for (let i = 0; i < 700; i += 10) {
      statuses.push(...(await Promise.all(Array.from({ length: 10 }, upgrade))));
    }
    expect(statuses.filter((status) => status !== 101)).toEqual([]);
    // The upgrades used none of the address's API calls.
    expect((await new ApiClient(server.url, address).get('/contract/markets')).status).toBe(200);
    // Past its own limit, an upgrade is refused.
    const more: number[] = [];
    for (let i = 700; i <= upgradesPerMinute; i += 1) more.push(await upgrade());
    expect(more.at(-1)).toBe(429);
  }, 120_000);
});
