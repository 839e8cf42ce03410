// What passes between the server and the embedded database's thread (`pglite-thread.mjs`).

export type ThreadRequest =
  | { kind: 'query'; id: number; sql: string; params: readonly unknown[] }
  | { kind: 'close' };

/** A database error's fields, copied one by one: a posted Error keeps only its message. */
export interface ThreadError {
  message: string;
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
  column?: string;
}

export type ThreadReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: ThreadError }
  | { kind: 'rows'; id: number; rows: unknown[]; affectedRows: number | undefined }
  | { kind: 'error'; id: number; error: ThreadError }
  | { kind: 'closed' };

/** The error as the server sees it: an Error carrying the database's fields, as pg's does. */
export function databaseError(error: ThreadError): Error {
  return Object.assign(new Error(error.message), error);
}
