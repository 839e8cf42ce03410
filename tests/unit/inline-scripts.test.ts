// The hashes that let index.html's own inline scripts run under `script-src 'self'`.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../server/http/inline-scripts.ts';

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inline script hashes', () => {
  it('hashes each inline script body exactly, whitespace included, and skips loaded ones', () => {
    const early = '\n  document.documentElement.dir = "rtl";\n';
    const html = `<head><script id="early">${early}</script><script type="module" src="/a.js"></script></head><body><SCRIPT>x()</SCRIPT></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(early), sha256('x()')]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><p>script</p>')).toEqual([]);
  });

  it('gives the hash a browser computes for a known body', () => {
    // CSP's own example: "alert('Hello, world.');" hashes to this (CSP Level 3, § 8.3).
    expect(inlineScriptHashes("<script>alert('Hello, world.');</script>")).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ]);
  });
});
