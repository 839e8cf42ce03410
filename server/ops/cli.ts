// `npm run ops -- <command>`: the operator's tools. It talks to the running server's operator
// API on this machine (the server owns the database and the engines), found from the same
// settings (PORT, HOST, DATA_DIR) and authenticated with the token the server wrote there. The
// commands are the server's own list, so this file knows none of them.
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { type CliCall, matchCommand, usage } from './cli-commands.ts';
import type { ListedCommand } from './ops-call.ts';
import { readOpsToken } from './ops-token.ts';

/** What the operator API answers (server/ops/ops-routes.ts), read as such before it is trusted. */
const answerSchema = z.object({
  ok: z.boolean(),
  data: z.unknown().optional(),
  error: z.string().exactOptional(),
});
type Answer = z.infer<typeof answerSchema>;

const words = z.string().array().readonly().exactOptional();
const fields = z.record(z.string(), z.string()).readonly().exactOptional();
const listedCommands = z.array(
  z.object({
    path: z.string(),
    words: z.string(),
    help: z.string(),
    args: words,
    options: words,
    files: fields,
    fixed: fields,
    prints: z.enum(['json', 'check']).exactOptional(),
  }) satisfies z.ZodType<ListedCommand>,
);
const checkResult = z.object({ ok: z.boolean(), problems: z.array(z.unknown()) });

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  let token: string;
  try {
    token = await readOpsToken(config.dataDir);
  } catch {
    process.stderr.write(
      `No running server found: ${config.dataDir} has no operator token. Start it (npm start); \`npm run ops -- help\` then lists the commands.\n`,
    );
    return 1;
  }
  const post = async (path: string, body: unknown): Promise<Answer | null> => {
    const response = await fetch(`http://${host}:${config.port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-token': token },
      body: JSON.stringify(body),
    }).catch(() => null);
    const parsed = response
      ? answerSchema.safeParse(await response.json().catch(() => null))
      : null;
    return parsed?.success ? parsed.data : null;
  };

  const listed = await post('/ops/commands', {});
  if (!listed?.ok) {
    process.stderr.write(
      listed ? `${listed.error}\n` : `The server at ${host}:${config.port} does not answer.\n`,
    );
    return 1;
  }
  const commands = listedCommands.parse(listed.data);
  const call = matchCommand(commands, process.argv.slice(2));
  if (!call) {
    process.stderr.write(`${usage(commands)}\n`);
    return 2;
  }
  const answer = await post(call.path, call.body);
  if (!answer) {
    process.stderr.write(`The server at ${host}:${config.port} does not answer.\n`);
    return 1;
  }
  return print(call, answer);
}

function print(call: CliCall, answer: Answer): number {
  if (!answer.ok) {
    process.stderr.write(`${answer.error ?? 'refused'}\n`);
    return 1;
  }
  if (call.prints === 'check') {
    const result = checkResult.parse(answer.data);
    process.stdout.write(result.ok ? 'ok\n' : `${JSON.stringify(result.problems, null, 2)}\n`);
    return result.ok ? 0 : 1;
  }
  process.stdout.write(`${JSON.stringify(answer.data, null, 2)}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
