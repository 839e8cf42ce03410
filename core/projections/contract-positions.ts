// The user's open perpetual positions by id, as the contract fold keeps them: seeded by the
// `/contract/positions` answer, changed by the answers of TP/SL and margin calls, and by the private
// `positions` frames, where a frame with `status: 'closed'` removes the position. A closed position
// never opens again (a new one gets a new id), so it is remembered and never brought back by an
// answer that was read before it closed.
import type { z } from 'zod/mini';
import type { ContractPosition, positionsDataSchema } from '../../schemas/api/contract.schema.ts';

export type PositionFrame = z.output<typeof positionsDataSchema>[number];

/** A position seen closed on the channel: its last open state, and where and when it was logged. */
export interface ClosedPosition {
  position: ContractPosition;
  seq: number;
  /** ms since the epoch. */
  at: number;
}

export interface PositionsState {
  byId: Readonly<Record<number, ContractPosition>>;
  /** Where each open position's newest state was logged, to tell a seed from a later frame. */
  seenAt: Readonly<Record<number, number>>;
  /** Where the last request for the open positions was logged; 0 before any. */
  requestedAt: number;
  /** Positions closed while the user watched, oldest first; kept so the screen can say how. */
  closed: readonly ClosedPosition[];
}

export const initialPositions: PositionsState = {
  byId: {},
  seenAt: {},
  requestedAt: 0,
  closed: [],
};

/** Closed positions remembered; the oldest go first. */
export const keptClosed = 20;

const isClosed = (state: PositionsState, id: number) =>
  state.closed.some((entry) => entry.position.id === id);

function withoutStatus(frame: PositionFrame): ContractPosition {
  const { status: _status, ...position } = frame;
  return position;
}

/** An answer's or frame's open position replaces what was known of it. */
export function upsertPosition(
  state: PositionsState,
  position: ContractPosition,
  seq: number,
): PositionsState {
  if (isClosed(state, position.id)) return state;
  return {
    ...state,
    byId: { ...state.byId, [position.id]: position },
    seenAt: { ...state.seenAt, [position.id]: seq },
  };
}

function close(
  state: PositionsState,
  frame: PositionFrame,
  seq: number,
  at: number,
): PositionsState {
  if (isClosed(state, frame.id)) return state;
  const byId = { ...state.byId };
  const seenAt = { ...state.seenAt };
  delete byId[frame.id];
  delete seenAt[frame.id];
  const closed = [...state.closed, { position: withoutStatus(frame), seq, at }];
  return { ...state, byId, seenAt, closed: closed.slice(-keptClosed) };
}

/** The private channel's changed positions, each open (at the latest mark) or closed. */
export function applyPositionFrame(
  state: PositionsState,
  frames: readonly PositionFrame[],
  seq: number,
  at: number,
): PositionsState {
  let next = state;
  for (const frame of frames) {
    next =
      frame.status === 'closed'
        ? close(next, frame, seq, at)
        : upsertPosition(next, withoutStatus(frame), seq);
  }
  return next;
}

/**
 * The answer lists every open position: it replaces what is known, except positions a frame
 * changed after the request (the answer may have been read before that change).
 */
export function seedPositions(
  state: PositionsState,
  list: readonly ContractPosition[],
  seq: number,
): PositionsState {
  const byId: Record<number, ContractPosition> = {};
  const seenAt: Record<number, number> = {};
  for (const [key, position] of Object.entries(state.byId)) {
    const id = Number(key);
    const at = state.seenAt[id] ?? 0;
    if (at <= state.requestedAt) continue;
    byId[id] = position;
    seenAt[id] = at;
  }
  let next: PositionsState = { ...state, byId, seenAt };
  for (const position of list) {
    if ((next.seenAt[position.id] ?? 0) > state.requestedAt) continue;
    next = upsertPosition(next, position, seq);
  }
  return next;
}

/** Open positions, newest first (ids grow with time). */
export function openPositions(state: PositionsState): ContractPosition[] {
  return Object.values(state.byId).sort((a, b) => b.id - a.id);
}
