// The CLI's `article`, `document` and `support` commands: argument parsing into operator calls
// (content-ops.ts). A body comes inline (`--body`) or from a file (`--body-file`).
import { readFileSync } from 'node:fs';

export const contentUsage = `  article add --category C --title T --body B|--body-file F [--lang L]
                                                    publish an article (92 notices, 1 about us, 2 guides)
  article update <id> [--category C] [--lang L] [--title T] [--body B|--body-file F]
                                                    move it, or set its text in one language
  article list [--category C]                       list articles with their titles per language
  article remove <id>                               delete an article
  document set <about|msb|sec> --title T --body B|--body-file F [--lang L]
                                                    set a fixed document in one language
  document list                                     list the fixed documents
  support list                                      conversations, newest first
  support show <account>                            one user's conversation
  support reply <account> <text>                    answer a user (it reaches their open app at once)`;

type Call = { path: string; body: Record<string, unknown> };

/** Takes `--name value` out of `args`. */
function take(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
}

/** The operator call for a content command, or null when `argv` is none of them. */
export function contentRequest(argv: readonly string[]): Call | null {
  const [command] = argv;
  if (command !== 'article' && command !== 'document' && command !== 'support') return null;
  const args = [...argv];
  const fields: Record<string, unknown> = {};
  for (const name of ['category', 'lang', 'title', 'body']) {
    const value = take(args, name);
    if (value !== undefined) fields[name] = value;
  }
  const file = take(args, 'body-file');
  if (file !== undefined) fields.body = readFileSync(file, 'utf8');
  const [, action, ...rest] = args;
  const call = (path: string, body: Record<string, unknown> = fields) => ({ path, body });
  if (command === 'article') {
    if (action === 'add' && rest.length === 0) return call('/ops/article/add');
    if (action === 'update' && rest.length === 1) {
      return call('/ops/article/update', { ...fields, id: rest[0] });
    }
    if (action === 'list' && rest.length === 0) return call('/ops/article/list');
    if (action === 'remove' && rest.length === 1)
      return call('/ops/article/remove', { id: rest[0] });
    return null;
  }
  if (command === 'document') {
    if (action === 'set' && rest.length === 1) {
      return call('/ops/document/set', { ...fields, key: rest[0] });
    }
    if (action === 'list' && rest.length === 0) return call('/ops/document/list', {});
    return null;
  }
  if (action === 'list' && rest.length === 0) return call('/ops/support/list', {});
  if (action === 'show' && rest.length === 1) {
    return call('/ops/support/show', { account: rest[0] });
  }
  if (action === 'reply' && rest.length >= 2) {
    return call('/ops/support/reply', { account: rest[0], text: rest.slice(1).join(' ') });
  }
  return null;
}
