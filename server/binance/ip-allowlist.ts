// Whether a caller's address is on an API key's allowlist: addresses and CIDR blocks, IPv4 or
// IPv6; an empty list allows every address. An IPv4 address written as IPv6 (`::ffff:1.2.3.4`,
// as a dual-stack socket reports it) is matched as the IPv4 address it is.
import { BlockList, isIP } from 'node:net';
import { ipBlockOf } from '../security/ip-blocks.ts';

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
  const block = ipBlockOf(entry.trim());
  if (!block) return;
  const address = plainAddress(block.address);
  if (block.prefix === undefined) {
    list.addAddress(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
    return;
  }
  // A block of IPv4 addresses written as IPv6 (`::ffff:192.0.2.0/120`) is the IPv4 block it is.
  const mapped = block.family === 6 && isIP(address) === 4;
  const prefix = mapped ? block.prefix - 96 : block.prefix;
  if (prefix < 0) return;
  list.addSubnet(address, prefix, mapped || block.family === 4 ? 'ipv4' : 'ipv6');
}
