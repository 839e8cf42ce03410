// A benchmark page for Chromium: built by Vite from `bench/browser/` and served from a local
// static server, the same way for every browser benchmark.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, 'browser');

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/**
 * Builds the page whose HTML entry is `entry` (in `bench/browser/`) into `outDir`; `minify: false`
 * keeps the components' names, for a bench that names them.
 */
export async function buildBenchPage(
  outDir: string,
  entry = 'index.html',
  { minify = true }: { minify?: boolean } = {},
): Promise<void> {
  await build({
    root,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    worker: { format: 'es' },
    build: {
      outDir,
      emptyOutDir: true,
      minify,
      rolldownOptions: { input: path.join(root, entry) },
    },
  });
}

/** Serves `dir`; the answer's URL opens `entry`. */
export function serveBenchPage(dir: string, entry = 'index.html') {
  const server = createServer((request, response) => {
    const file = path.join(
      dir,
      decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname),
    );
    const target = existsSync(file) && statSync(file).isFile() ? file : path.join(dir, entry);
    response.setHeader('content-type', types[path.extname(target)] ?? 'application/octet-stream');
    createReadStream(target).pipe(response);
  });
  return new Promise<{ url: string; close(): void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/${entry}`, close: () => server.close() });
    }),
  );
}
