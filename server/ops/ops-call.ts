// An operator call: a route of the operator API and the CLI commands that reach it. Each module
// declares its own; the ops CLI learns them from the running server, so it knows no product.
import type { z } from 'zod';

/** How an operator types a command, and which body it sends. */
export interface CliCommand {
  /** The words that name it: `withdrawal approve`. */
  words: string;
  /** Positional arguments into body fields, in order; a last `...name` takes the rest, joined. */
  args?: readonly string[];
  /** `--name value` options, into body fields of the same name. */
  options?: readonly string[];
  /** `--flag path` options whose file's text goes into a body field: `{ 'body-file': 'body' }`. */
  files?: Readonly<Record<string, string>>;
  /** Body fields the words fix: `withdrawal approve` sends `action: approve`. */
  fixed?: Readonly<Record<string, string>>;
  /** What it does, in one line. */
  help: string;
  /** `check` prints `ok` (exit 0) or the problems (exit 1); otherwise the answer as JSON. */
  prints?: 'json' | 'check';
}

/** What an operator call may use besides its input. */
export interface OpsKit {
  /** Records an operator action (who, what, on whom) in `operator_actions`. */
  log(action: string, subject: string, detail: unknown): Promise<unknown>;
  /** A user by account (email or phone) or UID; refuses an unknown one. */
  userByAccount(account: string): Promise<{ id: number; account: string }>;
  /** A refusal the CLI prints as it is. */
  fail(message: string): never;
}

export interface OpsCall {
  /** Its route: `/ops/<name>`. */
  path: string;
  /** Reads a body with the call's input schema: the call to run with it, or what is wrong. */
  accept(body: unknown): { run(kit: OpsKit): Promise<unknown> } | { problem: z.ZodError };
  commands: readonly CliCommand[];
}

/** An operator call, its `run` typed by its input schema. */
export function opsCall<T extends z.ZodType>(call: {
  path: string;
  input: T;
  run(input: z.output<T>, kit: OpsKit): Promise<unknown>;
  commands: readonly CliCommand[];
}): OpsCall {
  return {
    path: call.path,
    commands: call.commands,
    accept(body) {
      const parsed = call.input.safeParse(body);
      if (!parsed.success) return { problem: parsed.error };
      return { run: (kit) => call.run(parsed.data, kit) };
    },
  };
}

/** A command as the server lists it for the CLI: with the route it calls. */
export type ListedCommand = CliCommand & { path: string };
