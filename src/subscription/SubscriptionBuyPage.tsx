// A project's buy page (`/pages/subscription/buy?id=3`): the project with its progress and
// countdown, the user's commitment so far with what the cap leaves them and what it would get if
// the pre-sale ended now, the amount (with shares of the funding wallet) and what the commitment
// would then come to by the published rule, and the rules written out. Once the pre-sale's end has
// passed by the page's clock the form goes and the page says the pre-sale ended and is being
// allocated, and the project is read again for its new stage. Pull down to refresh.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { dash, withUnit } from '../../core/figures.ts';
import { subscriptionPurchaseMachine } from '../../core/subscription/purchase.machine.ts';
import type { SubscriptionBuyView } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { Fact } from '../ui/Fact.tsx';
import { useFigureLocale } from '../ui/figure-locale.ts';
import { ItemGate } from '../ui/ItemGate.tsx';
import { PurchaseForm } from '../ui/PurchaseForm.tsx';
import { useNow } from '../ui/use-now.ts';
import { usePullRefresh } from '../ui/use-pull-refresh.ts';
import { usePurchaseForm } from '../ui/use-purchase.ts';
import { phaseOf, type SubscriptionPhase } from './phase.ts';
import { SubscriptionProjectCard } from './SubscriptionProjectCard.tsx';
import { SubscriptionRules } from './SubscriptionRules.tsx';

export function SubscriptionBuyPage() {
  const id = useSearch({ from: routes.subscriptionBuy.path }).id ?? null;
  return <ProjectBuy key={id} id={id} />;
}

function ProjectBuy(props: { id: number | null }) {
  const { t } = useTranslation();
  const core = useWorker();
  const navigate = useNavigate();
  const id = props.id ?? 0;
  const view = useView('subscriptionBuy', { id });
  const refresh = useCallback(() => core.refreshSubscription(id), [core, id]);
  usePullRefresh(refresh);
  const now = useNow();
  const phase = view?.project ? phaseOf(view.project, now) : null;
  useRefreshOnPhase(phase, refresh);

  return (
    <ItemGate
      item={view?.project}
      missing={props.id === null || view?.missing === true}
      notFound={{
        text: t('subscription.notFound'),
        actionLabel: t('subscription.allProjects'),
        onAction: () => void navigate({ to: routes.subscriptions.path }),
      }}
    >
      {(project) => (
        <div className="page-stack" data-testid="subscription-buy">
          <SubscriptionProjectCard row={project} heading="h2" />
          {view && <Commitment view={view} />}
          {view?.open && phase === 'presale' ? (
            <CommitForm id={id} view={view} />
          ) : (
            <p className="list-warning" role="status" data-testid="subscription-closed">
              {phase === 'upcoming' || phase === null
                ? t('subscription.closed', { start: project.startText, end: project.endText })
                : t(`subscription.ended.${phase === 'presale' ? 'allocating' : phase}`, {
                    end: project.endText,
                    distribute: project.distributeText,
                  })}
            </p>
          )}
          <SubscriptionRules cap={project.cap} />
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={() => void navigate({ to: routes.subscriptionRecords.path })}
          >
            {t('subscription.myRecords')}
          </button>
        </div>
      )}
    </ItemGate>
  );
}

/** What the user has committed, what the cap leaves them, and what it would get now. */
function Commitment(props: { view: SubscriptionBuyView }) {
  const { t } = useTranslation();
  const { view } = props;
  if (!view.loggedIn) return null;
  const asset = view.project?.asset ?? '';
  return (
    <section className="card item-card" aria-labelledby="subscription-mine-title">
      <h2 id="subscription-mine-title" className="section-title">
        {t('subscription.mine')}
      </h2>
      <dl className="facts">
        <Fact
          label={t('subscription.committed')}
          value={view.committed?.shown}
          unit="USDT"
          testId="subscription-committed"
        />
        <Fact
          label={t('subscription.room')}
          value={view.room?.shown}
          unit="USDT"
          testId="subscription-room"
        />
        {view.record?.winning ? (
          <>
            <Fact label={t('subscription.winning')} value={view.record.winning} unit={asset} />
            <Fact label={t('subscription.refund')} value={view.record.refund} unit="USDT" />
          </>
        ) : (
          view.estimate && (
            <Fact
              label={t('subscription.estimateNow')}
              value={view.estimate.tokens}
              unit={asset}
              testId="subscription-estimate-now"
            />
          )
        )}
      </dl>
    </section>
  );
}

function CommitForm(props: { id: number; view: SubscriptionBuyView }) {
  const { t } = useTranslation();
  const core = useWorker();
  const { id, view } = props;
  const available = view.available?.exact;
  const review = useCallback(
    (amount: string) => {
      void available;
      return core.reviewSubscription(id, amount);
    },
    [core, id, available],
  );
  const buy = useCallback((amount: string) => core.commitSubscription(id, amount), [core, id]);
  const form = usePurchaseForm(subscriptionPurchaseMachine, { review, buy, idOf: projectIdOf });
  const estimate = form.preview?.estimate;
  const asset = view.project?.asset ?? '';
  const locale = useFigureLocale();

  return (
    <PurchaseForm
      name="subscription"
      form={form}
      unit="USDT"
      available={view.available}
      labels={{
        amount: t('subscription.amount'),
        shares: t('subscription.shares'),
        submit: t('subscription.commit'),
        loginToSubmit: t('subscription.loginToCommit'),
        sending: t('subscription.sending'),
        uncertain: t('subscription.uncertain'),
        retry: t('subscription.retry'),
        refused: t('subscription.refused'),
      }}
      problemText={(problem) => t(`subscription.problems.${problem.rule}`, problem.params ?? {})}
      done={t('subscription.committedNotice', {
        amount: withUnit(view.committed?.shown ?? dash, 'USDT', locale),
      })}
    >
      <dl className="facts">
        <Fact
          label={t('subscription.available')}
          value={view.available?.shown}
          unit="USDT"
          testId="subscription-available"
        />
        <Fact
          label={t('subscription.after')}
          value={estimate?.commitment}
          unit="USDT"
          testId="subscription-after"
        />
        <Fact
          label={t('subscription.estimate')}
          value={estimate?.tokens}
          unit={asset}
          testId="subscription-estimate"
        />
        <Fact
          label={t('subscription.cost')}
          value={estimate?.cost}
          unit="USDT"
          testId="subscription-cost"
        />
        <Fact
          label={t('subscription.refundEstimate')}
          value={estimate?.refund}
          unit="USDT"
          testId="subscription-refund-estimate"
        />
      </dl>
      <p className="note">{t('subscription.estimateHint')}</p>
    </PurchaseForm>
  );
}

/** After a phase changes on the page's clock, the server moves the stage within a second or so. */
const stageSettleMs = 2000;

/** Reads the project again a moment after its phase moved on the page's clock. */
function useRefreshOnPhase(phase: SubscriptionPhase | null, refresh: () => unknown) {
  const shown = useRef(phase);
  useEffect(() => {
    const before = shown.current;
    shown.current = phase;
    // The first phase came with the page's own load; only a move from one to the next asks again.
    if (phase === null || before === null || before === phase) return;
    const timer = setTimeout(() => void refresh(), stageSettleMs);
    return () => clearTimeout(timer);
  }, [phase, refresh]);
}

const projectIdOf = (record: { projectId: number }) => record.projectId;
