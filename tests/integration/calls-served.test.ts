// Every call of the wire contract is served: a call defined in schemas/ with no route behind it
// would be a screen that can never work. Each is asked once, with nothing in it: a route answers
// with its envelope (a refusal is fine), a missing one with 404 or 405.
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../schemas/api.ts';
import { testServers } from '../support/test-server.ts';

const [server] = testServers();

describe('the wire contract', () => {
  it.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s is served',
    async (_name, endpoint) => {
      const response = await fetch(`${server?.url}/api${endpoint.path}`, {
        method: endpoint.method,
        ...(endpoint.method === 'POST'
          ? { headers: { 'content-type': 'application/json' }, body: '{}' }
          : {}),
      });
      const body = (await response.json()) as { code?: unknown };
      expect(response.status, endpoint.path).not.toBe(404);
      expect(response.status, endpoint.path).not.toBe(405);
      expect(typeof body.code).toBe('number');
    },
  );
});
