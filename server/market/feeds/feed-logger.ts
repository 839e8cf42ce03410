// Where a feed reports what it skipped or retried. Shaped like the server's logger (pino: fields
// first, then the message) so the app's logger can be passed straight in.

export type LogFields = Record<string, unknown>;

export interface FeedLogger {
  info(fields: LogFields, message: string): void;
  warn(fields: LogFields, message: string): void;
  error(fields: LogFields, message: string): void;
}

/** For feeds run outside the server (recording a capture from a script). */
export const consoleLogger: FeedLogger = {
  info: (fields, message) => console.info(message, fields),
  warn: (fields, message) => console.warn(message, fields),
  error: (fields, message) => console.error(message, fields),
};
