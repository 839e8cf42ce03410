// Accounts of invited users as the invite log shows them: enough to recognise a friend, not
// enough to contact or impersonate them.

/** `alice@example.com` → `al***@example.com`; `+447700900123` → `+447***0123`. */
export function maskAccount(account: string): string {
  const at = account.lastIndexOf('@');
  if (at > 0) {
    const local = account.slice(0, at);
    return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${account.slice(at)}`;
  }
  if (account.length <= 6) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 4)}***${account.slice(-4)}`;
}
