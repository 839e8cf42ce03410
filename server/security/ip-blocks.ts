// An API key's IP allowlist entry: an IPv4 or IPv6 address, or a CIDR block of one
// (`203.0.113.0/24`), as node:net reads them; nothing else (no zone, no host name, no spaces).
// Server-side only: the rules stay off the page's critical path, and the key's route refuses an
// entry that breaks them (`ip_allowlist_invalid`).
import { isIP } from 'node:net';

export interface IpBlock {
  address: string;
  family: 4 | 6;
  /** The block's prefix length; absent for a single address. */
  prefix?: number;
}

/** The entry read as an address or a block, or null when it is neither. */
export function ipBlockOf(entry: string): IpBlock | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  if (rest.length > 0 || address.includes('%')) return null;
  const family = isIP(address);
  if (family !== 4 && family !== 6) return null;
  if (prefixText === undefined) return { address, family };
  if (!/^(0|[1-9]\d{0,2})$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= (family === 4 ? 32 : 128) ? { address, family, prefix } : null;
}

export function isIpAddressOrBlock(entry: string): boolean {
  return ipBlockOf(entry) !== null;
}
