// The servers an integration test runs against, handed over from the global setup.
import { inject } from 'vitest';

export interface TestServer {
  name: 'pglite' | 'postgres';
  url: string;
  dataDir: string;
  databaseUrl?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: TestServer[];
  }
}

/** Both databases when PostgreSQL is reachable, for `describe.each`. */
export function testServers(): TestServer[] {
  return inject('servers');
}
