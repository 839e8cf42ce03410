// The page's own inline scripts are allowed by their hashes, and nothing else inline: the policy
// stays `script-src 'self'` plus the exact scripts the build put into index.html (the settings
// applied before the first paint), read from the file the server serves.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The CSP source of each inline `<script>` (one without `src`) in a page, in order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The hashes of the built index.html's inline scripts, or none when the app is not built. */
export function webAppScriptHashes(webRoot: string): string[] {
  const index = path.join(webRoot, 'index.html');
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
}
