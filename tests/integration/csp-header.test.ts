// The Content-Security-Policy every answer carries (docs/security.md § "The page's security
// policy"): on the page, on a script file (a worker takes its policy from its own file's answer),
// on an API answer and on a refusal, the same directives, each named: scripts from the app's own
// origin plus the page's one inline script by its hash, no inline handler, no eval, connections to
// the app's own origin (its socket included), nothing framing it, no <base>, no plugin.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { eachDatabase, serverOn } from '../support/each-database.ts';
import { rawGet } from '../support/raw-get.ts';

/** The page's one inline script, as index.html has it: whitespace is part of the hash. */
const earlyScript = '\n      document.documentElement.dataset.theme = "dark";\n    ';
const page = `<!doctype html><html><head><script id="early-settings">${earlyScript}</script><script type="module" src="/assets/app-3f2a9c1d.js"></script></head><body><div id="root"></div></body></html>`;
const earlyHash = `'sha256-${createHash('sha256').update(earlyScript, 'utf8').digest('base64')}'`;

/** The policy as written in server/http/content-security-policy.ts, directive by directive. */
const expected = {
  'default-src': ["'self'"],
  'script-src': ["'self'", earlyHash],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'connect-src': ["'self'"],
  'img-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/** A policy header as directive → sources. */
function directives(header: string | null): Record<string, string[]> {
  expect(header).not.toBeNull();
  const parsed: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(parsed, `${name} is given once`).not.toHaveProperty(name);
    parsed[name] = sources;
  }
  return parsed;
}

// Written before the servers start: each reads the page it serves, and the hashes of its inline
// scripts, at its start.
const webRoot = await mkdtemp(path.join(tmpdir(), 'meridian-csp-'));
await mkdir(path.join(webRoot, 'assets'));
await writeFile(path.join(webRoot, 'index.html'), page);
await writeFile(path.join(webRoot, 'assets', 'app-3f2a9c1d.js'), 'export {};\n');
afterAll(() => rm(webRoot, { recursive: true, force: true }));

describe.each(await eachDatabase())('the security policy, on %s', (...database) => {
  const on = serverOn(database, systemClock, { WEB_ROOT: webRoot, LIQUIDITY_PROVIDER: 'false' });
  const get = (at: string) => rawGet(`${on.server().url}${at}`);

  it.skipIf(on.skip)('is exactly the policy written, on the page itself', async () => {
    const answer = await get('/');
    expect(answer.status).toBe(200);
    expect(directives(answer.headers.get('content-security-policy'))).toEqual(expected);
  });

  it.skipIf(on.skip)(
    'is the same on a script file, an API answer and a refusal, none reported only',
    async () => {
      for (const at of ['/assets/app-3f2a9c1d.js', '/api/contract/markets', '/api/no/such/call']) {
        const answer = await get(at);
        expect(directives(answer.headers.get('content-security-policy')), at).toEqual(expected);
        expect(answer.headers.get('content-security-policy-report-only'), at).toBeNull();
      }
    },
  );

  it.skipIf(on.skip)('allows nothing inline but the one hash, and no eval anywhere', async () => {
    const header = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(header).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'|'wasm-unsafe-eval'/);
    expect(header).not.toMatch(/\*|https?:|wss?:|data:/);
  });
});
