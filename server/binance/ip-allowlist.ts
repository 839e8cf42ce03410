// Whether a caller's address is on an API key's allowlist: addresses and CIDR blocks, IPv4 or
// IPv6; an empty list allows every address. An IPv4 address written as IPv6 (`::ffff:1.2.3.4`,
// as a dual-stack socket reports it) is matched as the IPv4 address it is.
import { BlockList, isIP } from 'node:net';

export function ipAllowed(ip: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  const address = plainAddress(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const allowed = new BlockList();
  for (const entry of allowlist) addEntry(allowed, entry);
  return allowed.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function plainAddress(ip: string): string {
  const bare = ip.split('%', 1)[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  return mapped?.[1] ?? bare;
}

/** Adds one entry; one that is neither an address nor a block (the store refuses those) adds nothing. */
function addEntry(list: BlockList, entry: string): void {
  const [network = '', prefixText] = entry.trim().split('/', 2);
  const address = plainAddress(network);
  const family = isIP(address);
  if (family === 0) return;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) {
    list.addAddress(address, type);
    return;
  }
  const prefix = Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) return;
  list.addSubnet(address, prefix, type);
}
