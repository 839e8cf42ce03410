// One slice of the second contracts' settlement, as the writer takes it (option-writer.ts): from
// the decided groups it is given, in their order, the next contracts of each (in id order) until
// the slice's size is used up. A group settles by the decision its first slice recorded: a round
// under way (settlement-rounds.ts) pays its remaining contracts by its recorded settlement, never
// by a new reading of the prints. A group's first slice writes its settlement row; a group not
// finished by the slice keeps how far it came, in the same transaction as the slice's postings; the
// slice that settles a group's last contract ends its round. So a settlement stopped partway (a
// crash, another node taking over) is carried on from the last committed slice, and every contract
// is settled once. Nothing here reads the database or changes memory: the writer does both.
import { outcomeOf, payoutOf } from '../../core/option/settlement.ts';
import type { Posting } from '../ledger/post.ts';
import { payoutPosting } from './option-postings.ts';
import {
  type GroupSettlement,
  groupKey,
  type OptionGroup,
  type OptionRow,
} from './option-store.ts';
import type { RoundChange, SettlementRound } from './settlement-rounds.ts';

/** What a settle command answers: the contracts its slice settled, and how many of its groups' remain. */
export interface SettleAnswer {
  contracts: number;
  left: number;
}

/** The open contracts of one group, in id order. */
export interface OpenGroup {
  group: OptionGroup;
  contracts: Map<number, OptionRow>;
}

export interface SettlementSlice {
  answer: SettleAnswer;
  /** Each group the slice touched, with the contracts it settled, for the writer to let go. */
  taken: { open: OpenGroup; rows: OptionRow[]; settlement: GroupSettlement }[];
  /** Settlement rows to insert: the groups whose first slice this is, with their whole count. */
  decided: (GroupSettlement & { contracts: number })[];
  rounds: RoundChange[];
  postings: Posting[];
}

/** The next slice of `size` contracts from the decided groups, as they stand in the writer's memory. */
export function planSettlementSlice(
  settlements: readonly GroupSettlement[],
  groups: ReadonlyMap<string, OpenGroup>,
  rounds: ReadonlyMap<string, SettlementRound>,
  size: number,
): SettlementSlice {
  const slice: SettlementSlice = {
    answer: { contracts: 0, left: 0 },
    taken: [],
    decided: [],
    rounds: [],
    postings: [],
  };
  const seen = new Set<string>();
  for (const given of settlements) {
    const key = groupKey(given);
    const open = groups.get(key);
    if (seen.has(key) || !open || open.contracts.size === 0) continue;
    seen.add(key);
    const room = size - slice.answer.contracts;
    if (room <= 0) {
      slice.answer.left += open.contracts.size;
      continue;
    }
    const round = rounds.get(key) ?? null;
    const settlement = round?.settlement ?? given;
    const rows = firstOf(open.contracts, room);
    const finished = rows.length === open.contracts.size;
    const paid = rows.reduce(
      (sum, row) =>
        sum + payoutOf(outcomeOf(row.direction, settlement.upOutcome), row.stake, row.ratePpm),
      0n,
    );
    if (!round) slice.decided.push({ ...settlement, contracts: open.contracts.size });
    if (round || !finished) {
      slice.rounds.push({
        group: settlement,
        from: round && { through: round.through, settled: round.settled, paid: round.paid },
        to: finished
          ? null
          : {
              through: rows.at(-1)?.id ?? 0,
              settled: (round?.settled ?? 0) + rows.length,
              paid: (round?.paid ?? 0n) + paid,
            },
      });
    }
    const posting = payoutPosting(settlement, rows, round?.through);
    if (posting) slice.postings.push(posting);
    slice.taken.push({ open, rows, settlement });
    slice.answer.contracts += rows.length;
    slice.answer.left += open.contracts.size - rows.length;
  }
  return slice;
}

function firstOf(contracts: ReadonlyMap<number, OptionRow>, count: number): OptionRow[] {
  const rows: OptionRow[] = [];
  for (const row of contracts.values()) {
    if (rows.length >= count) break;
    rows.push(row);
  }
  return rows;
}
