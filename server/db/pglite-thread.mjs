// The embedded database's own thread. PGlite is PostgreSQL compiled to WASM and runs on whatever
// thread calls it; here that thread is not the one answering HTTP and sockets, so a long batch
// never stalls a GET or a socket frame. Statements run one at a time, in the order they arrive.
// Plain JavaScript: a worker thread does not inherit the TypeScript loader on every Node version
// this project supports. The messages are typed in `pglite-messages.ts`.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-thread runs as a worker thread');

/** A database error's fields, copied one by one: a posted Error keeps only its message. */
function threadError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const copied = { message: error.message };
  for (const key of ['code', 'constraint', 'detail', 'table', 'column']) {
    if (typeof error[key] === 'string') copied[key] = error[key];
  }
  return copied;
}

async function open() {
  try {
    // A new database from a template is a copy of one already made: no initdb, no migrations.
    const options = workerData.template
      ? { loadDataDir: new Blob([await readFile(workerData.template)]) }
      : {};
    return await PGlite.create(workerData.dir, options);
  } catch (error) {
    port.postMessage({ kind: 'failed', error: threadError(error) });
    port.close();
    return undefined;
  }
}

async function answer(pglite, request) {
  if (request.kind === 'close') {
    if (!pglite.closed) await pglite.close();
    port.postMessage({ kind: 'closed' });
    port.close();
    return;
  }
  try {
    const result = await pglite.query(request.sql, request.params, { rowMode: 'object' });
    port.postMessage({
      kind: 'rows',
      id: request.id,
      rows: result.rows,
      affectedRows: result.affectedRows,
    });
  } catch (error) {
    port.postMessage({ kind: 'error', id: request.id, error: threadError(error) });
  }
}

const pglite = await open();
if (pglite) {
  port.on('message', (request) => void answer(pglite, request));
  port.postMessage({ kind: 'ready' });
}
