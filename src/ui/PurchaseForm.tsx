// The form of a purchase from the funding wallet (a pre-sale commitment, a fixed-term product): the
// amount with shares of the available balance, what the page says it would come to, the button,
// and what became of the last purchase. Whatever differs between products comes in: the form's
// name (its fields' ids and test ids begin with it), its words, and how a problem reads.
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { PurchaseEvent, PurchaseFormProblem } from '../../core/machines/purchase.machine.ts';
import { shareOf } from '../../core/market/quantity-share.ts';
import type { ShownAmount } from '../../workers/facade.ts';
import { useSession } from '../app/session.ts';
import { routes } from '../routes/route-table.ts';
import { NumberField } from './NumberField.tsx';
import { PurchaseStatus } from './PurchaseStatus.tsx';
import { ShareChips } from './ShareChips.tsx';
import { noticeOf } from './use-purchase.ts';

/** An amount taken as a share of the wallet is whole cents of USDT. */
const cent = '0.01';

export interface PurchaseFormState {
  snapshot: {
    value: unknown;
    context: {
      amount: string;
      problem: PurchaseFormProblem<string> | null;
      bought: number | null;
      message: string | null;
    };
  };
  send(event: PurchaseEvent): void;
  busy: boolean;
}

/** The form's words, in the user's language. */
export interface PurchaseLabels {
  amount: string;
  shares: string;
  submit: string;
  loginToSubmit: string;
  sending: string;
  /** No answer came: it may have gone through. */
  uncertain: string;
  retry: string;
  /** A refusal the server gave no words for. */
  refused: string;
}

export function PurchaseForm(props: {
  /** The prefix of the form's field ids and test ids. */
  name: string;
  form: PurchaseFormState;
  unit: string;
  available: ShownAmount | null;
  labels: PurchaseLabels;
  /** An amount problem's message. */
  problemText(problem: PurchaseFormProblem<string>): string;
  /** What is said once bought. */
  done: string;
  /** Figures of what the amount would come to, between the field and the button. */
  children: ReactNode;
}) {
  const { token } = useSession();
  const navigate = useNavigate();
  const { name, form, labels } = props;
  const { send, busy } = form;
  const { amount, problem, bought, message } = form.snapshot.context;
  return (
    <form
      className="card trade-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!token) void navigate({ to: routes.login.path });
        else if (!busy) send({ type: 'BUY' });
      }}
    >
      <NumberField
        idPrefix={name}
        name="amount"
        label={labels.amount}
        unit={props.unit}
        value={amount}
        problem={problem ? props.problemText(problem) : null}
        onChange={(value) => send({ type: 'AMOUNT', value })}
      >
        <ShareChips
          label={labels.shares}
          testIdPrefix={`${name}-share`}
          disabled={!props.available}
          onPick={(percent) => {
            const share = shareOf(props.available?.exact ?? null, percent, cent);
            if (share !== null) send({ type: 'AMOUNT', value: share });
          }}
        />
      </NumberField>
      {props.children}
      <button
        type="submit"
        className="button button--block"
        data-testid={`${name}-submit`}
        disabled={busy}
      >
        {!token ? labels.loginToSubmit : busy ? labels.sending : labels.submit}
      </button>
      <PurchaseStatus
        state={noticeOf(form.snapshot.value)}
        message={message}
        texts={labels}
        onRetry={() => send({ type: 'RETRY' })}
        testId={`${name}-follow`}
        data={bought === null ? {} : { 'data-id': bought }}
        done={props.done}
      />
    </form>
  );
}
