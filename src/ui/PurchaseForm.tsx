// The form of a purchase from the funding wallet (a pre-sale commitment, a fixed-term product): the
// amount with shares of the available balance, what the page says it would come to, the button,
// and what became of the last purchase. Its strings are the product's (`<product>.problems.*`,
// `.sending`, `.uncertain`, `.retry`, `.refused`); its test ids begin with the product's name.
import type { ReactNode } from 'react';
import type { PurchaseEvent, PurchaseFormProblem } from '../../core/machines/purchase.machine.ts';
import { shareOf } from '../../core/market/quantity-share.ts';
import type { ShownAmount } from '../../workers/facade.ts';
import { useApp } from '../app/app-context.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { useGo } from '../routes/navigation.ts';
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

export function PurchaseForm(props: {
  product: 'subscription' | 'ai';
  form: PurchaseFormState;
  unit: string;
  available: ShownAmount | null;
  labels: { amount: string; shares: string; submit: string; loginToSubmit: string };
  /** What is said once bought. */
  done: string;
  /** Figures of what the amount would come to, between the field and the button. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = useApp();
  const go = useGo();
  const { product, form, labels } = props;
  const { send, busy } = form;
  const { amount, problem, bought, message } = form.snapshot.context;
  return (
    <form
      className="card trade-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!token) go('/login');
        else if (!busy) send({ type: 'BUY' });
      }}
    >
      <NumberField
        idPrefix={product}
        name="amount"
        label={labels.amount}
        unit={props.unit}
        value={amount}
        problem={problem ? t(`${product}.problems.${problem.rule}`, problem.params ?? {}) : null}
        onChange={(value) => send({ type: 'AMOUNT', value })}
      >
        <ShareChips
          label={labels.shares}
          testIdPrefix={`${product}-share`}
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
        data-testid={`${product}-submit`}
        disabled={busy}
      >
        {!token ? labels.loginToSubmit : busy ? t(`${product}.sending`) : labels.submit}
      </button>
      <PurchaseStatus
        state={noticeOf(form.snapshot.value)}
        message={message}
        texts={{
          uncertain: t(`${product}.uncertain`),
          retry: t(`${product}.retry`),
          refused: t(`${product}.refused`),
        }}
        onRetry={() => send({ type: 'RETRY' })}
        testId={`${product}-follow`}
        data={bought === null ? {} : { 'data-id': bought }}
        done={props.done}
      />
    </form>
  );
}
