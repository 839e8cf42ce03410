// The ops CLI's grammar, read from the commands the server lists: which command an operator's
// words name, the body they make, and the usage text. Files named by `--…-file` are read here.
import { readFileSync } from 'node:fs';
import type { ListedCommand } from './ops-call.ts';

export interface CliCall {
  path: string;
  body: Record<string, unknown>;
  prints: 'json' | 'check';
}

/** Takes `--name value` out of `args`. */
function take(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
}

function matchOne(command: ListedCommand, argv: readonly string[]): CliCall | null {
  const words = command.words.split(' ');
  if (words.some((word, i) => argv[i] !== word)) return null;
  const rest = argv.slice(words.length);
  const body: Record<string, unknown> = { ...command.fixed };
  for (const name of command.options ?? []) {
    const value = take(rest, name);
    if (value !== undefined) body[name] = value;
  }
  for (const [flag, field] of Object.entries(command.files ?? {})) {
    const file = take(rest, flag);
    if (file !== undefined) body[field] = readFileSync(file, 'utf8');
  }
  if (rest.some((arg) => arg.startsWith('--'))) return null;
  const args = command.args ?? [];
  const last = args.at(-1);
  const gathers = last?.startsWith('...') ?? false;
  if (gathers ? rest.length < args.length : rest.length !== args.length) return null;
  args.forEach((name, i) => {
    if (name.startsWith('...')) body[name.slice(3)] = rest.slice(i).join(' ');
    else body[name] = rest[i];
  });
  return { path: command.path, body, prints: command.prints ?? 'json' };
}

/** The call an operator's words make, or null when they name no command. */
export function matchCommand(commands: readonly ListedCommand[], argv: readonly string[]) {
  // The longest name first: `kyc list` before a command named `kyc`.
  const byLength = [...commands].sort((a, b) => b.words.length - a.words.length);
  for (const command of byLength) {
    const call = matchOne(command, argv);
    if (call) return call;
  }
  return null;
}

/** One line per command: its words, arguments and options, then what it does. */
export function usage(commands: readonly ListedCommand[]): string {
  const lines = commands.map((command) => {
    const shape = [
      command.words,
      ...(command.args ?? []).map((name) =>
        name.startsWith('...') ? `<${name.slice(3)}…>` : `<${name}>`,
      ),
      ...(command.options ?? []).map((name) => `[--${name} ${name.toUpperCase()}]`),
      ...Object.entries(command.files ?? {}).map(
        ([flag, field]) => `[--${flag} F (the ${field} from a file)]`,
      ),
    ].join(' ');
    return `  ${shape.padEnd(50)} ${command.help}`;
  });
  return ['Usage: npm run ops -- <command>', ...lines].join('\n');
}
