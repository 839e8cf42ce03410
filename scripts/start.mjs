// `npm start`: builds the web app when its sources are newer than the build, then runs the server.
// It says what it is doing at each step, passes SIGINT, SIGTERM and SIGHUP on to what it runs (the
// build, then the server) and exits with the server's status. `npm start -- --no-build` skips the
// build check (the server then serves whatever build there is, or the API only).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');
const sources = [
  'index.html',
  'vite.config.ts',
  'package.json',
  'src',
  'core',
  'schemas',
  'workers',
  'public',
];
const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Plain lines, told apart from the server's JSON log. */
function say(line) {
  console.log(`[start] ${line}`);
}

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stat.mtimeMs,
  );
}

/** A shell's exit status for a process ended by `signal`. */
function statusOf(code, signal) {
  if (code !== null) return code;
  return 128 + (constants.signals[signal] ?? 0);
}

let current; // the build or the server, whichever runs now
let stopping;
for (const signal of stopSignals) {
  process.on(signal, () => {
    stopping ??= signal;
    if (current && current.exitCode === null && current.signalCode === null) {
      current.kill(signal);
    } else {
      process.exit(statusOf(null, signal));
    }
  });
}

/** Runs a child with the terminal's output; resolves with its exit status. */
function run(args, ipc = false) {
  return new Promise((resolve, reject) => {
    current = spawn(process.execPath, args, {
      cwd: root,
      stdio: ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'inherit', 'inherit'],
    });
    current.once('error', reject);
    current.once('exit', (code, signal) => resolve(statusOf(code, signal)));
  });
}

async function buildIfStale() {
  if (process.argv.includes('--no-build')) {
    say('Not checking the web app’s build (--no-build).');
    return;
  }
  const stale =
    !existsSync(built) ||
    sources.some((source) => newestChange(path.join(root, source)) > statSync(built).mtimeMs);
  if (!stale) {
    say('The web app is built and up to date.');
    return;
  }
  say('Building the web app (its sources changed since the last build); this takes a minute…');
  const began = performance.now();
  const status = await run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build']);
  if (stopping) process.exit(status);
  if (status !== 0) {
    say(`The build failed (exit ${status}); not starting the server.`);
    process.exit(status);
  }
  say(`Built in ${((performance.now() - began) / 1000).toFixed(1)} s.`);
}

await buildIfStale();
say(
  'Starting the server. Its log follows, one JSON line per step; it answers calls from the "listening" line on.',
);
// Over an IPC channel the server notices if this script is killed outright, and stops too.
const status = await run(['--import', 'tsx', 'server/main.ts'], true);
say(stopping ? `The server stopped (${stopping}).` : `The server exited (status ${status}).`);
process.exit(status);
