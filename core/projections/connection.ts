// The market connection as the user sees it: online or not, how often it came back, the last problem.
import { defineFold } from './fold.ts';

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

export const connectionFold = defineFold(initialConnection, {
  open: (state) => ({
    ...state,
    open: true,
    everOpened: true,
    reconnects: state.everOpened ? state.reconnects + 1 : state.reconnects,
  }),
  close: (state) => (state.open ? { ...state, open: false } : state),
  problem: (state, event) => ({ ...state, lastProblem: event.payload.kind }),
});
