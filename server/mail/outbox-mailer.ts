// The embedded mail and SMS transport: one JSON line per message in DATA_DIR/outbox.ndjson
// (docs/product.md §22).
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../clock.ts';
import type { Mailer, OutgoingMessage } from './mailer.ts';

export function outboxMailer(file: string, clock: Clock): Mailer {
  let ready: Promise<unknown> | undefined;
  return {
    async send(message: OutgoingMessage) {
      ready ??= mkdir(path.dirname(file), { recursive: true });
      await ready;
      const line = JSON.stringify({ at: clock.now().toISOString(), ...message });
      // One write per line with O_APPEND: lines from concurrent sends never interleave.
      await appendFile(file, `${line}\n`, { encoding: 'utf8', mode: 0o600 });
    },
  };
}
