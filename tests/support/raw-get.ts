// A GET whose answer is kept as sent: `fetch` undoes a content encoding, which the tests of
// compressed delivery look at.
import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: { get(name: string): string | null };
  body: Buffer;
  text(): string;
}

export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: { get: (name) => (response.headers[name] as string | undefined) ?? null },
            body,
            text: () => body.toString(),
          });
        });
      })
      .on('error', reject);
  });
}
