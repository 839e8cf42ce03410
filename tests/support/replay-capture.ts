// A market capture that quotes one price once, for a server started on a replay feed: the index
// holds that price for as long as it stays fresh (tests set INDEX_STALE_SECONDS long).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function captureAt(dir: string, symbol: string, price: number): Promise<string> {
  const file = path.join(dir, `${symbol.toLowerCase()}-${price}.ndjson`);
  const ts = Date.now();
  await writeFile(
    file,
    [
      { ts, kind: 'source', feed: 'generated', simulated: true },
      { ts, kind: 'price', symbol, price: String(price) },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n')
      .concat('\n'),
  );
  return file;
}
