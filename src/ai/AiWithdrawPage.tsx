// An order's early withdrawal (`/pages/ai/withdraw?id=15`): the order with its schedule, the
// published rule, and the exact amount it returns now, the principal less the rewards already paid
// (`earlyWithdrawal`, core/ai/schedule.ts); Withdraw asks to confirm that amount, then sends it once
// (one idempotency key) and says what the server returned to the funding wallet.

import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { aiWithdrawalMachine } from '../../core/ai/withdrawal.machine.ts';
import { withUnit } from '../../core/figures.ts';
import type { PurchaseInput, PurchaseResult } from '../../core/machines/purchase.machine.ts';
import type { AiOrderRow } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { Fact } from '../ui/Fact.tsx';
import { FigureWithUnit } from '../ui/Figures.tsx';
import { useFigureLocale } from '../ui/figure-locale.ts';
import { ItemGate } from '../ui/ItemGate.tsx';
import { PurchaseStatus } from '../ui/PurchaseStatus.tsx';
import { sentResult } from '../ui/sent-result.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { noticeOf } from '../ui/use-purchase.ts';
import { AiOrderItem } from './AiOrderItem.tsx';
import './ai.css';

export function AiWithdrawPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const id = useSearch({ from: routes.aiWithdraw.path }).id ?? 0;
  const view = useView('aiOrder', { id });
  const refresh = useCallback(() => core.refreshAi(), [core]);
  usePullRefresh(refresh);

  return (
    <ItemGate
      item={view?.order}
      missing={id === 0 || view?.missing === true}
      notFound={{
        text: t('ai.orderNotFound'),
        actionLabel: t('ai.allProducts'),
        onAction: () => void navigate({ to: routes.aiProducts.path }),
      }}
    >
      {(order) => (
        <div className="page-stack" data-testid="ai-withdraw-page">
          <Withdrawal key={order.id} order={order} />
          <ul className="item-list">
            <AiOrderItem row={order} scheduleOpen withdrawLink={false} />
          </ul>
        </div>
      )}
    </ItemGate>
  );
}

function Withdrawal(props: { order: AiOrderRow }) {
  const { t } = useTranslation();
  const core = useWorker();
  const { order } = props;
  const machine = useMemo(
    () =>
      aiWithdrawalMachine.provide({
        actors: {
          place: fromPromise<PurchaseResult, PurchaseInput>(async () =>
            sentResult(
              await core.withdrawAi(order.id),
              (data) => ({ kind: 'bought', id: data.id }) as const,
            ),
          ),
        },
      }),
    [core, order.id],
  );
  const [snapshot, send] = useMachine(machine);
  const active = order.status === 'active';
  const sending = snapshot.matches('validating') || snapshot.matches('submitting');
  const locale = useFigureLocale();
  const amount = order.earlyReturn.shown;
  const returned =
    order.withdrawn &&
    t('ai.withdrawal.done', { amount: withUnit(order.withdrawn, order.asset, locale) });

  return (
    <section className="card item-card" aria-labelledby="ai-withdraw-title">
      <h2 id="ai-withdraw-title" className="section-title">
        {t('ai.withdrawal.title', { id: order.id })}
      </h2>
      {active && (
        <>
          <Returns amount={amount} asset={order.asset} testId="ai-withdraw-amount" />
          <dl className="facts">
            <Fact label={t('ai.principal')} value={order.principal} unit={order.asset} />
            <Fact
              label={t('ai.paid', { paid: order.paidDays, count: order.days })}
              value={order.paid}
              unit={order.asset}
            />
            <Fact label={t('ai.withdrawal.gives')} value={amount} unit={order.asset} />
          </dl>
          <p className="note" data-testid="ai-withdraw-rule">
            {t('ai.withdrawal.rule', {
              principal: order.principal,
              paid: order.paid,
              amount: withUnit(amount, order.asset, locale),
            })}
          </p>
          <p className="note">{t('ai.withdrawal.keep')}</p>
          <button
            type="button"
            className="button button--block"
            data-testid="ai-withdraw-start"
            disabled={sending}
            onClick={() => send({ type: 'BUY' })}
          >
            {sending ? t('ai.sending') : t('ai.withdrawEarly')}
          </button>
        </>
      )}
      {order.status === 'finished' && (
        <p className="note" role="status">
          {t('ai.withdrawal.ended')}
        </p>
      )}
      <PurchaseStatus
        state={noticeOf(snapshot.value)}
        message={snapshot.context.message}
        texts={{ uncertain: t('ai.uncertain'), retry: t('ai.retry'), refused: t('ai.refused') }}
        onRetry={() => send({ type: 'RETRY' })}
        testId="ai-withdraw-follow"
        done={returned}
      />
      {returned && !snapshot.matches('bought') && (
        <p className="send-notice" role="status">
          {returned}
        </p>
      )}
      {snapshot.matches('confirming') && (
        <BottomSheet
          title={t('ai.withdrawal.confirmTitle')}
          onClose={() => send({ type: 'CANCEL' })}
          testId="ai-withdraw-confirm-sheet"
        >
          <Returns amount={amount} asset={order.asset} testId="ai-withdraw-confirm-amount" />
          <p className="note">{t('ai.withdrawal.keep')}</p>
          <button
            type="button"
            className="button button--block"
            data-testid="ai-withdraw-confirm"
            onClick={() => send({ type: 'CONFIRM' })}
          >
            {t('ai.withdrawal.confirm')}
          </button>
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={() => send({ type: 'CANCEL' })}
          >
            {t('confirm.cancel')}
          </button>
        </BottomSheet>
      )}
    </section>
  );
}

/** The exact amount an early withdrawal returns, large. */
function Returns(props: { amount: string; asset: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <p className="headline-amount">
      <span className="note">{t('ai.withdrawal.returns')}</span>
      <span className="headline-amount__value">
        <FigureWithUnit figure={props.amount} unit={props.asset} testId={props.testId} />
      </span>
    </p>
  );
}
