// Assertions on envelopes shared by the integration tests.
import { expect } from 'vitest';
import { type ErrorName, errorCodes, errorHttpStatus } from '../../schemas/errors.ts';
import type { Answer } from './api-client.ts';

/** A refusal with the catalogue code and HTTP status of `name`, no data, and `msg` when given. */
export function expectError(answer: Answer, name: ErrorName, msg?: string): void {
  expect({ status: answer.status, code: answer.body.code, data: answer.body.data }).toEqual({
    status: errorHttpStatus[name] ?? 200,
    code: errorCodes[name],
    data: null,
  });
  if (msg !== undefined) expect(answer.body.msg).toBe(msg);
}

export function expectOk(answer: Answer): void {
  expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 200, code: 200 });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The number a message carries where its template has `{seconds}` or `{minutes}`. */
export function numberIn(
  msg: string,
  template: string,
  placeholder: 'seconds' | 'minutes',
): number {
  const [before = '', after = ''] = template.split(`{${placeholder}}`);
  const match = new RegExp(`^${escapeRegExp(before)}(\\d+)${escapeRegExp(after)}$`).exec(msg);
  expect(match, `"${msg}" should follow "${template}"`).not.toBeNull();
  return Number(match?.[1]);
}

/** A six-digit code that is not the given one. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** The data of an answer that must have succeeded. */
export function ok<T>(answer: Answer<T>): T {
  expectOk(answer);
  return answer.body.data;
}
