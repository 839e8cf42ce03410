// The ops CLI's grammar, read from the commands the server lists: an operator's words make the
// call they name, with positional arguments, options, files and the fields the words fix; words
// that name no command, or carry an unknown option, make none.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchCommand, usage } from '../../server/ops/cli-commands.ts';
import type { ListedCommand } from '../../server/ops/ops-call.ts';

const commands: ListedCommand[] = [
  {
    path: '/ops/deposit',
    words: 'deposit',
    args: ['account', 'asset', 'amount'],
    options: ['chain'],
    help: 'credit a deposit',
  },
  {
    path: '/ops/withdrawal',
    words: 'withdrawal reject',
    args: ['id'],
    options: ['reason'],
    fixed: { action: 'reject' },
    help: 'reject a withdrawal',
  },
  { path: '/ops/withdrawals', words: 'withdrawals', options: ['status'], help: 'list them' },
  {
    path: '/ops/support/reply',
    words: 'support reply',
    args: ['account', '...text'],
    help: 'answer a user',
  },
  {
    path: '/ops/article/add',
    words: 'article add',
    options: ['title'],
    files: { 'body-file': 'body' },
    help: 'publish an article',
  },
  { path: '/ops/ledger/check', words: 'ledger check', help: 'check', prints: 'check' },
];

describe('the ops CLI grammar', () => {
  it('makes the call an operator types, options anywhere', () => {
    expect(
      matchCommand(commands, ['deposit', '--chain', 'TRC20', 'a@b.co', 'USDT', '100']),
    ).toEqual({
      path: '/ops/deposit',
      body: { account: 'a@b.co', asset: 'USDT', amount: '100', chain: 'TRC20' },
      prints: 'json',
    });
    expect(matchCommand(commands, ['withdrawal', 'reject', '7', '--reason', 'no'])?.body).toEqual({
      action: 'reject',
      id: '7',
      reason: 'no',
    });
    expect(matchCommand(commands, ['support', 'reply', 'u1', 'It', 'is', 'done'])?.body).toEqual({
      account: 'u1',
      text: 'It is done',
    });
    expect(matchCommand(commands, ['ledger', 'check'])?.prints).toBe('check');
  });

  it('reads a body from the file an option names', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ops-cli-'));
    const file = path.join(dir, 'body.md');
    await writeFile(file, '# Hello');
    const call = matchCommand(commands, ['article', 'add', '--title', 'T', '--body-file', file]);
    expect(call?.body).toEqual({ title: 'T', body: '# Hello' });
  });

  it('makes no call of words that name no command, or with an argument or option too many', () => {
    expect(matchCommand(commands, ['deposit', 'a@b.co', 'USDT'])).toBeNull();
    expect(matchCommand(commands, ['deposit', 'a@b.co', 'USDT', '1', '2'])).toBeNull();
    expect(matchCommand(commands, ['withdrawals', '--colour', 'red'])).toBeNull();
    expect(matchCommand(commands, ['support', 'reply', 'u1'])).toBeNull();
    expect(matchCommand(commands, ['teleport'])).toBeNull();
  });

  it('lists every command with its arguments in the usage', () => {
    const text = usage(commands);
    expect(text).toContain('deposit <account> <asset> <amount> [--chain CHAIN]');
    expect(text).toContain('support reply <account> <text…>');
    expect(text.split('\n')).toHaveLength(commands.length + 1);
  });
});
