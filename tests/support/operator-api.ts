// The operator API as the ops CLI calls it: a POST to `/ops/<path>` with the token the server
// wrote into its data directory.
import { readOpsToken } from '../../server/ops/ops-token.ts';

export interface OperatorAnswer<T> {
  status: number;
  body: { ok: boolean; data: T; error?: string };
}

export async function callOperator<T = unknown>(
  server: { url: string; dataDir: string },
  path: string,
  body: object,
): Promise<OperatorAnswer<T>> {
  const response = await fetch(`${server.url}/ops/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-ops-token': await readOpsToken(server.dataDir),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as OperatorAnswer<T>['body'] };
}
