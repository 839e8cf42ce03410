// Messages are checked where they arrive. A node trusts nothing another process put on the bus: a
// node of another version during an upgrade, a stray client of the same NATS server. Each use of
// the bus names the schema of what it hears (and, for a request, of the answer it waits for); a
// message that fails it is logged and dropped, a request that fails it is refused to its sender,
// an answer that fails it rejects as a `BusFailure`. No handler ever sees a malformed message, and
// none throws into the publisher because of one.
import type { z } from 'zod';
import { type Bus, BusFailure } from './bus.ts';

export interface BusLog {
  warn(details: object, message: string): void;
}

/** The first problems of a message that failed its schema, for the log (never the message itself). */
function problems(error: z.ZodError): string[] {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`);
}

/** Calls `handler` with every message on `subject` that `schema` accepts; logs and drops the rest. */
export function listen<Message>(
  bus: Bus,
  subject: string,
  schema: z.ZodType<Message>,
  log: BusLog,
  handler: (message: Message, subject: string) => void,
): () => void {
  return bus.subscribe(subject, (message, on) => {
    const parsed = schema.safeParse(message);
    if (!parsed.success) {
      log.warn({ subject: on, problems: problems(parsed.error) }, 'malformed bus message dropped');
      return;
    }
    handler(parsed.data, on);
  });
}

/** Serves requests `schema` accepts; one it refuses reaches its sender as a `BusFailure`. */
export function serveParsed<Message, Answer>(
  bus: Bus,
  subject: string,
  schema: z.ZodType<Message>,
  log: BusLog,
  handler: (message: Message, subject: string) => Promise<Answer>,
): () => void {
  return bus.serve(subject, async (message, on) => {
    const parsed = schema.safeParse(message);
    if (!parsed.success) {
      log.warn({ subject: on, problems: problems(parsed.error) }, 'malformed bus request refused');
      throw new BusFailure(`malformed request on ${on}`);
    }
    return handler(parsed.data, on);
  });
}

/** Asks the server of `subject`; an answer `answer` does not accept rejects as a `BusFailure`. */
export async function ask<Answer>(
  bus: Bus,
  subject: string,
  message: unknown,
  answer: z.ZodType<Answer>,
  timeoutMs: number,
): Promise<Answer> {
  const parsed = answer.safeParse(await bus.request(subject, message, timeoutMs));
  if (!parsed.success) {
    throw new BusFailure(`malformed answer on ${subject}: ${problems(parsed.error).join('; ')}`);
  }
  return parsed.data;
}
