// What became of the last order a form sent, in a box under the form: no answer came (it may or
// may not have run; sending again reuses its idempotency key), the server refused it (in its own
// words), or how it now stands. One look for the spot, perpetual and second-contract forms.
import type { ReactNode } from 'react';

export function UnansweredNotice(props: {
  text: string;
  retryLabel: string;
  onRetry(): void;
  testId: string;
}) {
  return (
    <div className="send-notice send-notice--warning" role="alert" data-testid={props.testId}>
      <span>{props.text}</span>
      <button type="button" className="text-button" onClick={props.onRetry}>
        {props.retryLabel}
      </button>
    </div>
  );
}

export function RefusedNotice(props: { text: string; testId: string }) {
  return (
    <div className="send-notice send-notice--error" role="alert" data-testid={props.testId}>
      {props.text}
    </div>
  );
}

/** How the sent order stands; `data` are its `data-*` attributes (`data-status`, `data-id`). */
export function StatusNotice(props: {
  testId: string;
  data?: Readonly<Record<`data-${string}`, string | number>>;
  children: ReactNode;
}) {
  return (
    <div className="send-notice" role="status" data-testid={props.testId} {...props.data}>
      {props.children}
    </div>
  );
}
