// The market connection as the user sees it: online or not, how often it came back, the last problem.
import type { LoggedEvent } from '../event-log.ts';

export interface ConnectionView {
  open: boolean;
  /** Opens after the first one. */
  reconnects: number;
  everOpened: boolean;
  lastProblem: string | null;
}

export const initialConnection: ConnectionView = {
  open: false,
  reconnects: 0,
  everOpened: false,
  lastProblem: null,
};

export function foldConnection(state: ConnectionView, event: LoggedEvent): ConnectionView {
  if (event.source !== 'socket') return state;
  switch (event.type) {
    case 'open':
      return {
        ...state,
        open: true,
        everOpened: true,
        reconnects: state.everOpened ? state.reconnects + 1 : state.reconnects,
      };
    case 'close':
      return state.open ? { ...state, open: false } : state;
    case 'problem':
      return {
        ...state,
        lastProblem: String((event.payload as { kind?: unknown })?.kind ?? 'unknown'),
      };
    default:
      return state;
  }
}
