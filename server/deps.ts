// What the route modules are given: storage, time, settings and the message transports.
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';

export interface AppDeps {
  db: Db;
  clock: Clock;
  config: Config;
  /** Email transport: SMTP when configured, else the outbox file. */
  email: Mailer;
  /** SMS transport: the outbox file (no SMS gateway is configured yet). */
  sms: Mailer;
}
