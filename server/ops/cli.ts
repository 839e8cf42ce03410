// `npm run ops -- <command>`: the operator's tools. It talks to the running server's operator
// API on this machine (the server owns the database and the engines), found from the same
// settings (PORT, HOST, DATA_DIR) and authenticated with the token the server wrote there.
import { loadConfig } from '../config.ts';
import { contentRequest, contentUsage } from './content-cli.ts';
import { readOpsToken } from './ops-token.ts';

const usage = `Usage: npm run ops -- <command>
  deposit <account> <asset> <amount> [--chain C]   credit a deposit through the simulated chain
  withdrawals [--status S]                          list withdrawals (pending, approved, sent, rejected, cancelled)
  withdrawal approve <id>                           approve a pending withdrawal (it goes to the signer queue)
  withdrawal reject <id> [--reason R]               reject a pending withdrawal (its funds are unfrozen)
  ledger check                                      verify the ledger's invariants; prints ok
  kyc list [--status S]                             identity verifications (pending by default; verified, rejected)
  kyc approve <account>                             approve the account's verification under review
  kyc reject <account> [--reason R]                 reject it; the user sees the reason and may resubmit
  users                                             list users
${contentUsage}`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
}

function request(args: string[]): { path: string; body: Record<string, unknown> } | null {
  const content = contentRequest(args);
  if (content) return content;
  const chain = option(args, 'chain');
  const status = option(args, 'status');
  const reason = option(args, 'reason');
  const [command, ...rest] = args;
  if (command === 'deposit' && rest.length === 3) {
    const [account, asset, amount] = rest;
    return { path: '/ops/deposit', body: { account, asset, amount, ...(chain ? { chain } : {}) } };
  }
  if (command === 'withdrawals' && rest.length === 0) {
    return { path: '/ops/withdrawals', body: status ? { status } : {} };
  }
  if (
    command === 'withdrawal' &&
    rest.length === 2 &&
    (rest[0] === 'approve' || rest[0] === 'reject')
  ) {
    return {
      path: '/ops/withdrawal',
      body: { action: rest[0], id: rest[1], ...(reason ? { reason } : {}) },
    };
  }
  if (command === 'ledger' && rest[0] === 'check' && rest.length === 1) {
    return { path: '/ops/ledger/check', body: {} };
  }
  if (command === 'kyc' && rest[0] === 'list' && rest.length === 1) {
    return { path: '/ops/kyc/list', body: status ? { status } : {} };
  }
  if (command === 'kyc' && (rest[0] === 'approve' || rest[0] === 'reject') && rest.length === 2) {
    return {
      path: '/ops/kyc/review',
      body: { action: rest[0], account: rest[1], ...(reason ? { reason } : {}) },
    };
  }
  if (command === 'users' && rest.length === 0) return { path: '/ops/users', body: {} };
  return null;
}

async function main(): Promise<number> {
  const call = request(process.argv.slice(2));
  if (!call) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const config = loadConfig(process.env);
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  let token: string;
  try {
    token = await readOpsToken(config.dataDir);
  } catch {
    process.stderr.write(`No running server found: ${config.dataDir} has no operator token.\n`);
    return 1;
  }
  const response = await fetch(`http://${host}:${config.port}${call.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-token': token },
    body: JSON.stringify(call.body),
  }).catch(() => null);
  if (!response) {
    process.stderr.write(`The server at ${host}:${config.port} does not answer.\n`);
    return 1;
  }
  const answer = (await response.json()) as { ok: boolean; data?: unknown; error?: string };
  if (!answer.ok) {
    process.stderr.write(`${answer.error ?? response.statusText}\n`);
    return 1;
  }
  if (call.path === '/ops/ledger/check') {
    const result = answer.data as { ok: boolean; problems: unknown[] };
    if (result.ok) {
      process.stdout.write('ok\n');
      return 0;
    }
    process.stdout.write(`${JSON.stringify(result.problems, null, 2)}\n`);
    return 1;
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
