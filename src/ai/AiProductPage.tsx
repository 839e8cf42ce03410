// A fixed-term product's page (`/pages/ai/product?id=2`): its terms; the amount (with shares of the
// funding wallet) and, before buying, the whole schedule it would buy from now by the published
// rule, with the daily reward, the rewards in all, what returns at maturity and when, confirmed on a
// sheet before it is sent (the field clears once bought); the rules; and the user's active orders
// of it with their schedules. Pull down to refresh.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { aiPurchaseMachine } from '../../core/ai/purchase.machine.ts';
import type { AiProductView } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { Fact } from '../ui/Fact.tsx';
import { ItemGate } from '../ui/ItemGate.tsx';
import { PurchaseForm } from '../ui/PurchaseForm.tsx';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { usePurchaseForm } from '../ui/use-purchase.ts';
import { AccrualTable } from './AccrualTable.tsx';
import { AiBuyConfirm } from './AiBuyConfirm.tsx';
import { AiOrderItem } from './AiOrderItem.tsx';
import { AiProductCard } from './AiProductCard.tsx';
import { AiRules } from './AiRules.tsx';

export function AiProductPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const id = useSearch({ from: routes.aiProduct.path }).id ?? 0;
  const view = useView('aiProduct', { id });
  const refresh = useCallback(() => core.refreshAi(), [core]);
  usePullRefresh(refresh);

  return (
    <ItemGate
      item={view?.product}
      missing={id === 0 || view?.missing === true}
      notFound={{
        text: t('ai.notFound'),
        actionLabel: t('ai.allProducts'),
        onAction: () => void navigate({ to: routes.aiProducts.path }),
      }}
    >
      {(product) => (
        <div className="page-stack" data-testid="ai-product-page">
          <AiProductCard row={product} heading="h2" />
          {view && product.open ? (
            <BuyForm key={id} id={id} view={view} />
          ) : (
            <p className="list-warning" role="status">
              {t('ai.notOnSale')}
            </p>
          )}
          {view && view.orders.length > 0 && (
            <section className="page-section" aria-labelledby="ai-mine-title">
              <h2 id="ai-mine-title" className="section-title">
                {t('ai.mine')}
              </h2>
              <ul className="item-list" data-testid="ai-product-orders">
                {view.orders.map((row, index) => (
                  <AiOrderItem key={row.id} row={row} scheduleOpen={index === 0} />
                ))}
              </ul>
            </section>
          )}
          <AiRules />
        </div>
      )}
    </ItemGate>
  );
}

function BuyForm(props: { id: number; view: AiProductView }) {
  const { t } = useTranslation();
  const core = useWorker();
  const { id, view } = props;
  const available = view.available?.exact;
  const review = useCallback(
    (amount: string) => {
      void available;
      return core.reviewAi(id, amount);
    },
    [core, id, available],
  );
  const buy = useCallback((amount: string) => core.buyAi(id, amount), [core, id]);
  const form = usePurchaseForm(aiPurchaseMachine, { review, buy, idOf: orderIdOf });
  const { preview } = form;
  const asset = view.product?.asset ?? '';

  return (
    <>
      <PurchaseForm
        name="ai"
        form={form}
        unit={asset}
        available={view.available}
        labels={{
          amount: t('ai.amount'),
          shares: t('ai.shares'),
          submit: t('ai.buy'),
          loginToSubmit: t('ai.loginToBuy'),
          sending: t('ai.sending'),
          uncertain: t('ai.uncertain'),
          retry: t('ai.retry'),
          refused: t('ai.refused'),
        }}
        problemText={(problem) => t(`ai.problems.${problem.rule}`, problem.params ?? {})}
        done={t('ai.bought', { id: form.snapshot.context.bought ?? '' })}
      >
        <dl className="facts">
          <Fact
            label={t('ai.available')}
            value={view.available?.shown}
            unit={asset}
            testId="ai-available"
          />
          <Fact label={t('ai.daily')} value={preview?.daily} unit={asset} testId="ai-daily" />
          <Fact label={t('ai.rewards')} value={preview?.rewards} unit={asset} testId="ai-rewards" />
          <Fact label={t('ai.total')} value={preview?.total} unit={asset} testId="ai-total" />
          <Fact label={t('ai.maturesAt')} value={preview?.maturesAt} testId="ai-matures" />
        </dl>
        {preview?.schedule ? (
          <>
            <h3 className="section-title">{t('ai.schedule.preview')}</h3>
            <AccrualTable rows={preview.schedule} testId="ai-schedule-preview" />
          </>
        ) : (
          <p className="note">{t('ai.schedule.typeAmount')}</p>
        )}
      </PurchaseForm>
      {form.snapshot.matches('confirming') && view.product && (
        <AiBuyConfirm
          product={view.product}
          review={preview}
          onConfirm={() => form.send({ type: 'CONFIRM' })}
          onCancel={() => form.send({ type: 'CANCEL' })}
        />
      )}
    </>
  );
}

const orderIdOf = (order: { id: number }) => order.id;
