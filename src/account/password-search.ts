// Which secret the password page changes, from its query: `?type=trade`, else the login password.
import { useSearch } from '@tanstack/react-router';
import type { SecretKind } from '../../core/secret-form.ts';

export function parseSecretKind(search: Readonly<Record<string, unknown>>): SecretKind {
  return search.type === 'trade' ? 'trade' : 'login';
}

export function useSecretKind(): SecretKind {
  return parseSecretKind(useSearch({ strict: false }) as Readonly<Record<string, unknown>>);
}
