// Which clients count as one for the per-address connection cap: an IPv4 address, or an IPv6
// /64, the block one subscriber line is given (a client choosing a new address of its /64 for
// every socket must not escape the cap). An IPv4 address written as IPv6 (`::ffff:1.2.3.4`)
// counts as that IPv4 address.
import { isIPv6 } from 'node:net';

export function addressGroup(address: string): string {
  const bare = address.split('%', 1)[0] ?? '';
  if (!isIPv6(bare)) return bare;
  const groups = expandIPv6(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address. */
function expandIPv6(address: string): number[] {
  // A trailing dotted IPv4 part is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address;
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    const tail = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    text = address.slice(0, dotted.index) + tail;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = Array(8 - left.length - right.length).fill('0');
  const groups = rest === undefined ? left : [...left, ...zeros, ...right];
  return groups.map((group) => Number.parseInt(group, 16));
}
