// Which live node should hold each lease (one per market, one per writer that is not per market),
// worked out the same way by every node from what they all read in the database, so they agree
// without talking to each other. Two policies (LEASE_PLACEMENT, docs/operations.md § "Placing
// markets on nodes"):
//
// - `rendezvous` (highest random weight): each lease goes to the node whose hash of (node, lease)
//   is highest. It needs nothing but the names: a node that leaves loses exactly its own leases,
//   each to its second choice; a node that joins takes only the leases it now scores highest on.
//   The balance is statistical: with a few markets a node can hold noticeably more than its share.
// - `least-loaded`: the counts are exact. With n leases on k nodes, q = floor(n / k) and
//   r = n mod k, r nodes may hold q + 1 (the fair share, ceil(n / k)) and the others q. Those r
//   are the nodes holding most now (ties: the smaller id), so that nobody gives up a lease another
//   node would have to take back. Each node keeps the leases it holds up to its ceiling (its first
//   ones by name) and gives up the rest; every lease then free (never taken, its owner gone, or
//   given up) goes, in name order, to the node with room that has fewest so far (ties: the
//   smaller id). Applied to its own answer it answers the same (no flapping); a node leaving
//   frees only its leases, and a node joining takes leases only from nodes above the new share.
//   Each kind of lease (the name's part before `:`, `perp` or `spot`) is balanced on its own, so
//   every kind's markets spread over every node rather than one kind filling a node; the r places
//   for one more of a kind, among nodes holding alike, go to those holding fewest leases of the
//   kinds placed before it (in name order), so the totals stay even too.
import { sha256 } from '@noble/hashes/sha2.js';

export const leasePlacements = ['rendezvous', 'least-loaded'] as const;
export type LeasePlacement = (typeof leasePlacements)[number];

export interface PlacementInput {
  /** The live nodes' ids. */
  nodes: readonly string[];
  /** The lease names to place. */
  leases: readonly string[];
  /** Who holds each lease now (least-loaded only; owners not among `nodes` count as gone). */
  owners?: ReadonlyMap<string, string>;
}

/** Each lease's node: every lease has one when there is a node, none when there is not. */
export function placeLeases(policy: LeasePlacement, input: PlacementInput): Map<string, string> {
  const nodes = [...new Set(input.nodes)].sort();
  const leases = [...new Set(input.leases)].sort();
  if (nodes.length === 0) return new Map();
  return policy === 'rendezvous'
    ? rendezvous(nodes, leases)
    : leastLoadedByKind(nodes, leases, input.owners ?? new Map());
}

/** The kind of a lease: its name up to the first `:` (`perp:BTCUSDT` is a `perp`). */
function kindOf(lease: string): string {
  const colon = lease.indexOf(':');
  return colon < 0 ? lease : lease.slice(0, colon);
}

function leastLoadedByKind(
  nodes: readonly string[],
  leases: readonly string[],
  owners: ReadonlyMap<string, string>,
): Map<string, string> {
  const kinds = new Map<string, string[]>();
  for (const lease of leases)
    kinds.set(kindOf(lease), [...(kinds.get(kindOf(lease)) ?? []), lease]);
  const placed = new Map<string, string>();
  const totals = new Map(nodes.map((node) => [node, 0]));
  for (const kind of [...kinds.keys()].sort()) {
    for (const [lease, node] of leastLoaded(nodes, kinds.get(kind) ?? [], owners, totals)) {
      placed.set(lease, node);
      totals.set(node, (totals.get(node) ?? 0) + 1);
    }
  }
  return placed;
}

/** The weight of `lease` on `node`: the first 8 bytes of sha256(node, NUL, lease), big-endian. */
export function rendezvousWeight(node: string, lease: string): bigint {
  const digest = sha256(new TextEncoder().encode(`${node}\u0000${lease}`));
  return new DataView(digest.buffer, digest.byteOffset, 8).getBigUint64(0);
}

function rendezvous(nodes: readonly string[], leases: readonly string[]): Map<string, string> {
  const placed = new Map<string, string>();
  for (const lease of leases) {
    let best = '';
    let bestWeight = -1n;
    // Nodes in id order and a strict comparison: an equal weight keeps the smaller id.
    for (const node of nodes) {
      const weight = rendezvousWeight(node, lease);
      if (weight > bestWeight) {
        best = node;
        bestWeight = weight;
      }
    }
    placed.set(lease, best);
  }
  return placed;
}

function leastLoaded(
  nodes: readonly string[],
  leases: readonly string[],
  owners: ReadonlyMap<string, string>,
  /** What each node was given of the kinds placed before: fewer wins a tie for one more. */
  before: ReadonlyMap<string, number>,
): Map<string, string> {
  const held = new Map<string, string[]>(nodes.map((node) => [node, []]));
  for (const lease of leases) {
    const owner = owners.get(lease);
    if (owner !== undefined) held.get(owner)?.push(lease);
  }
  const floor = Math.floor(leases.length / nodes.length);
  const extra = leases.length % nodes.length;
  const byHolding = [...nodes].sort(
    (a, b) =>
      (held.get(b)?.length ?? 0) - (held.get(a)?.length ?? 0) ||
      (before.get(a) ?? 0) - (before.get(b) ?? 0) ||
      (a < b ? -1 : 1),
  );
  const ceiling = new Map(byHolding.map((node, i) => [node, floor + (i < extra ? 1 : 0)]));
  const placed = new Map<string, string>();
  const count = new Map(nodes.map((node) => [node, 0]));
  for (const node of nodes) {
    const kept = (held.get(node) ?? []).slice(0, ceiling.get(node));
    for (const lease of kept) placed.set(lease, node);
    count.set(node, kept.length);
  }
  for (const lease of leases) {
    if (placed.has(lease)) continue;
    let to: string | undefined;
    for (const node of nodes) {
      const n = count.get(node) ?? 0;
      if (n >= (ceiling.get(node) ?? 0)) continue;
      if (to === undefined || n < (count.get(to) ?? 0)) to = node;
    }
    // The ceilings add up to the number of leases, so some node always has room.
    if (to === undefined) throw new Error('least-loaded placement: no node has room');
    placed.set(lease, to);
    count.set(to, (count.get(to) ?? 0) + 1);
  }
  return placed;
}
