// The built web app. A browser gets the brotli or gzip copy the build made of each file
// (`build/precompress.ts`) when it accepts one. Files under `assets/` carry their content's hash in
// their names, so a browser keeps them a year without asking again; everything else (index.html,
// the service worker, the manifest, icons) has a fixed name and is revalidated on every load, so a
// new release reaches the next visit.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const immutableCache = 'public, max-age=31536000, immutable';
export const revalidateCache = 'no-cache';

export function cacheControlFor(webRoot: string, file: string): string {
  const relative = path.relative(webRoot, file).split(path.sep);
  return relative[0] === 'assets' && relative.length > 1 ? immutableCache : revalidateCache;
}

export async function registerStaticFiles(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', cacheControlFor(webRoot, file));
    },
  });
}
