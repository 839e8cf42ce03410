// Runs one benchmark file in a process of its own (`bench/run.ts` starts it): whatever the bench
// does to its process (a crash, memory, a server left behind) ends with it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const file = process.argv[2];
if (!file) throw new Error('which bench?');
const module = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as {
  run: () => Promise<void>;
};
await module.run();
// A bench may leave handles (a socket, a timer) that would keep the process alive.
process.exit(0);
