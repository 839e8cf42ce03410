// What became of the last purchase a form sent (a commitment, a product bought, a withdrawal): no
// answer (send again with the same key), the server's refusal in its own words, or done.
import type { ReactNode } from 'react';
import { RefusedNotice, StatusNotice, UnansweredNotice } from './SendNotice.tsx';
import type { NoticeState } from './use-purchase.ts';

export function PurchaseStatus(props: {
  state: NoticeState;
  message: string | null;
  texts: { uncertain: string; retry: string; refused: string };
  onRetry(): void;
  testId: string;
  /** What is said when it is done, and the notice's `data-*` attributes. */
  done: ReactNode;
  data?: Readonly<Record<`data-${string}`, string | number>>;
}) {
  const { state, texts, testId } = props;
  if (state === 'uncertain') {
    return (
      <UnansweredNotice
        text={texts.uncertain}
        retryLabel={texts.retry}
        onRetry={props.onRetry}
        testId={testId}
      />
    );
  }
  if (state === 'rejected') {
    return <RefusedNotice text={props.message || texts.refused} testId={testId} />;
  }
  if (state !== 'done') return null;
  return (
    <StatusNotice testId={testId} data={props.data ?? {}}>
      {props.done}
    </StatusNotice>
  );
}
