// Talks to a running server over real HTTP, the way the app does: form-encoded by default,
// `Lang` and bearer headers, and a client address of its own (the server trusts loopback proxies).
import { randomInt } from 'node:crypto';
import type { Envelope } from '../../schemas/envelope.schema.ts';

export type BodyKind = 'form' | 'json' | 'multipart';

export interface CallOptions {
  token?: string;
  lang?: string;
  as?: BodyKind;
  headers?: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

export function randomClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly address: string = randomClientAddress(),
  ) {}

  get<T = unknown>(path: string, query: Record<string, string> = {}, options: CallOptions = {}) {
    const search = new URLSearchParams(query).toString();
    return this.send<T>('GET', `${path}${search ? `?${search}` : ''}`, undefined, options);
  }

  post<T = unknown>(path: string, body: Record<string, string> = {}, options: CallOptions = {}) {
    return this.send<T>('POST', path, body, options);
  }

  async send<T>(
    method: string,
    path: string,
    body: Record<string, string> | undefined,
    options: CallOptions,
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {
      'x-forwarded-for': this.address,
      ...(options.lang ? { lang: options.lang } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    };
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: encode(body, options.as ?? 'form') }),
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }
}

function encode(body: Record<string, string>, kind: BodyKind): BodyInit {
  if (kind === 'json') return new Blob([JSON.stringify(body)], { type: 'application/json' });
  if (kind === 'form') return new URLSearchParams(body);
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) form.append(key, value);
  return form;
}
