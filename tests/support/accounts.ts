// Reading the embedded outbox like a user reads their mail, and making registered users for tests.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';

export interface OutboxEntry {
  at: string;
  to: string;
  subject: string;
  text: string;
  /** Absent from notices. */
  code?: string;
}

export async function readOutbox(dataDir: string): Promise<OutboxEntry[]> {
  const text = await readFile(path.join(dataDir, 'outbox.ndjson'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry);
}

/** The newest code sent to an address. */
export async function lastCodeFor(dataDir: string, to: string): Promise<string> {
  // Notices (a new device, a changed password) carry no code and may land after the code's mail.
  const entry = (await readOutbox(dataDir))
    .filter((e) => e.to === to && e.code !== undefined)
    .at(-1);
  if (entry?.code === undefined) throw new Error(`no code was sent to ${to}`);
  return entry.code;
}

export function newEmail(): string {
  return `user-${randomUUID()}@example.com`;
}

export function newPhone(): string {
  return `+4477${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export const goodPassword = 'Secret123';

export interface RegisteredUser {
  account: string;
  password: string;
  token: string;
  userId: number;
}

export async function registerUser(
  client: ApiClient,
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<RegisteredUser> {
  const email = newEmail();
  const sent = await client.get('/register/sendemail', { email });
  expect(sent.body.code).toBe(200);
  const code = await lastCodeFor(dataDir, email);
  const registered = await client.post<{ token: string; user_id: number }>('/register/index', {
    email,
    password: goodPassword,
    repassword: goodPassword,
    code,
    ...extra,
  });
  expect(registered.body).toMatchObject({ code: 200 });
  return {
    account: email,
    password: goodPassword,
    token: registered.body.data.token,
    userId: registered.body.data.user_id,
  };
}
