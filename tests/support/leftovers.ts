// What a test file may leave running, and how to stop it: the process helpers (server-process.ts,
// anvil.ts) enter their stop here, and the setup file stop-leftovers.ts calls each after every
// test file. A registry rather than an import there: a file that starts no chain node does not
// load the chain's libraries to learn it started none.
const stops = new Set<() => Promise<unknown>>();

/** `stop` is called after each test file, in the worker that loaded its caller. */
export function stopAfterEachFile(stop: () => Promise<unknown>): void {
  stops.add(stop);
}

export async function stopLeftovers(): Promise<void> {
  await Promise.all([...stops].map((stop) => stop()));
}
