// A user's money movements from the ledger itself: each posting that touched one of their
// accounts, shown as its kind declares (server/ledgers.ts): its type and label, which amount it
// counts, what it links to, and for a trade the fill it settled. The database is asked only by
// kind; references are read by each kind's own parser, never in SQL.
import { sql } from 'kysely';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type {
  RecordLabel,
  RecordLinkTo,
  RecordTrade,
  RecordType,
  WalletName,
} from '../../schemas/api/wallet.schema.ts';
import type { Db } from '../db/database.ts';
import type { PostingKind, RecordShape } from '../ledger/kinds.ts';
import { postingKinds } from '../ledgers.ts';

interface LineRow {
  id: number;
  kind: PostingKind;
  wallet: WalletName;
  asset: string;
  amount: string;
  reference: string;
  created_at: Date | string;
  total: number;
}

export interface RecordEntry {
  id: number;
  type: RecordType;
  label: RecordLabel;
  wallet: WalletName;
  to_wallet: WalletName | null;
  asset: string;
  amount: string;
  reference: string;
  trade: RecordTrade | null;
  link: { to: RecordLinkTo; id: string } | null;
  created_at: string;
}

// biome-ignore lint/suspicious/noExplicitAny: a kind's shape is read with its own parsed parts.
type AnyShape = RecordShape<any>;

/** The kinds a user sees, of one type or all: every kind but the operator's own. */
function shownKinds(type: RecordType | undefined) {
  const shown: { kind: PostingKind; shape: AnyShape }[] = [];
  for (const [kind, definition] of postingKinds) {
    if (definition.record === 'operator') continue;
    if (type === undefined || definition.record.type === type) {
      shown.push({ kind, shape: definition.record });
    }
  }
  return shown;
}

export async function recordsOf(
  db: Db,
  userId: number,
  type: RecordType | undefined,
  page: number,
  size: number,
) {
  const shown = shownKinds(type);
  const shapes = new Map(shown.map(({ kind, shape }) => [kind, shape]));
  const kinds = shown.map(({ kind }) => kind);
  const availableKinds = shown.filter(({ shape }) => shape.sign === 'available').map((s) => s.kind);
  // A page is whole movements: every line of a movement lands on the same page.
  const { rows } = await sql<LineRow>`
    with lines as (
      select * from (
        select p.id::int as id, p.kind, a.id as account_id, a.wallet, a.asset, p.reference,
          p.created_at,
          case when p.kind = any(${availableKinds}::text[])
            then coalesce(sum(e.amount) filter (where e.bucket = 'available'), 0)
            else sum(e.amount)
          end as amount
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_postings p on p.id = e.posting_id
        where a.user_id = ${userId} and p.kind = any(${kinds}::text[])
        group by p.id, a.id
      ) counted
      where amount <> 0
    ),
    movements as (
      select id, count(*) over ()::int as total from (select distinct id from lines) ids
      order by id desc
      limit ${size} offset ${(page - 1) * size}
    )
    select l.id, l.kind, l.wallet, l.asset, l.amount::text as amount, l.reference, l.created_at,
      m.total
    from lines l
    join movements m on m.id = l.id
    order by l.id desc, l.account_id`.execute(db);
  const entries = entriesOf(rows, shapes);
  await addTrades(db, userId, entries, shapes);
  return {
    list: entries.map(({ entry }) => entry),
    total: rows[0]?.total ?? 0,
    page,
    size,
  };
}

interface Pending {
  entry: RecordEntry;
  kind: PostingKind;
  parts: unknown;
}

/** One entry per line, but a movement between the user's own wallets as one entry. */
function entriesOf(rows: readonly LineRow[], shapes: ReadonlyMap<PostingKind, AnyShape>) {
  const entries: Pending[] = [];
  const moved = new Map<string, Pending>();
  for (const row of rows) {
    const shape = shapes.get(row.kind);
    const definition = postingKinds.get(row.kind);
    if (!shape || !definition) continue;
    const atoms = signedAtoms(row.amount);
    const parts = definition.reference.parse(row.reference);
    if (shape.sign === 'moved') {
      const key = `${row.id}:${row.asset}`;
      const pair = moved.get(key);
      if (pair) {
        if (atoms < 0n) {
          pair.entry.to_wallet = pair.entry.wallet;
          pair.entry.wallet = row.wallet;
        } else {
          pair.entry.to_wallet = row.wallet;
        }
        continue;
      }
    }
    const label =
      typeof shape.label === 'function'
        ? shape.label({ asset: row.asset, amount: atoms })
        : shape.label;
    const entry: RecordEntry = {
      id: row.id,
      type: shape.type,
      label,
      wallet: row.wallet,
      to_wallet: null,
      asset: row.asset,
      amount: displaySigned(shape.sign === 'moved' && atoms < 0n ? -atoms : atoms),
      reference: row.reference,
      trade: null,
      link:
        shape.links && parts !== null
          ? { to: shape.links.to, id: String(shape.links.id(parts)) }
          : null,
      created_at: new Date(row.created_at).toISOString(),
    };
    const pending = { entry, kind: row.kind, parts };
    entries.push(pending);
    if (shape.sign === 'moved') moved.set(`${row.id}:${row.asset}`, pending);
  }
  return entries;
}

/** Each kind's trades for the page, asked once per kind with every movement's parts. */
async function addTrades(
  db: Db,
  userId: number,
  entries: readonly Pending[],
  shapes: ReadonlyMap<PostingKind, AnyShape>,
) {
  const byKind = new Map<PostingKind, Map<number, Pending[]>>();
  for (const pending of entries) {
    if (!shapes.get(pending.kind)?.trades || pending.parts === null) continue;
    const movements = byKind.get(pending.kind) ?? new Map<number, Pending[]>();
    movements.set(pending.entry.id, [...(movements.get(pending.entry.id) ?? []), pending]);
    byKind.set(pending.kind, movements);
  }
  for (const [kind, movements] of byKind) {
    const load = shapes.get(kind)?.trades;
    if (!load) continue;
    const lines = [...movements.values()];
    const trades = await load(
      db,
      userId,
      lines.map((line) => line[0]?.parts),
    );
    lines.forEach((line, index) => {
      for (const pending of line) pending.entry.trade = trades[index] ?? null;
    });
  }
}

function signedAtoms(text: string): bigint {
  const negative = text.startsWith('-');
  const atoms = parseAmount(negative ? text.slice(1) : text) ?? 0n;
  return negative ? -atoms : atoms;
}

function displaySigned(atoms: bigint): string {
  return atoms < 0n ? `-${displayAmount(-atoms)}` : displayAmount(atoms);
}
