// The second contract's order form: a duration (chips by unit, each with its published rate), a
// stake in USDT with shares of the available balance, what the stake pays on a win, its expected
// value at an even chance and the hit rate at which the rate breaks even (core/option/odds.ts, in
// the worker), then up (green) or down (red), each of which asks to confirm the contract on a sheet
// before it is placed. The buttons keep to the bottom of the screen while the form scrolls by, so
// a phone sees them without scrolling.
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { OptionFormProblem } from '../../core/option/order.machine.ts';
import { stakeShare } from '../../core/option/stake.ts';
import type { OptionDirection, OptionTradeView } from '../../workers/facade.ts';
import { useSession } from '../app/session.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { routes } from '../routes/route-table.ts';
import { Fact } from '../ui/Fact.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import { PurchaseStatus } from '../ui/PurchaseStatus.tsx';
import { ShareChips } from '../ui/ShareChips.tsx';
import { noticeOf } from '../ui/use-purchase.ts';
import { DurationChips } from './DurationChips.tsx';
import { OptionConfirmSheet } from './OptionConfirmSheet.tsx';
import { useOptionOrder, useOptionReview } from './use-option-order.ts';

export function OptionOrderForm(props: { symbol: string; view: OptionTradeView }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const navigate = useNavigate();
  const { view } = props;
  const [snapshot, send] = useOptionOrder(props.symbol);
  const { form, problem, placed } = snapshot.context;
  const review = useOptionReview(form, view.available?.exact);
  const busy = snapshot.matches('validating') || snapshot.matches('submitting');
  const offered = view.offer?.enabled === true && view.offer.offered;

  // The form starts on the shortest duration offered, and moves off one no longer offered.
  const chips = view.durations.flatMap((group) => group.chips);
  const current = chips.some((chip) => chip.unit === form.unit && chip.length === form.length);
  const first = chips[0];
  useEffect(() => {
    if (!current && first) send({ type: 'DURATION', unit: first.unit, length: first.length });
  }, [current, first, send]);

  const place = (direction: OptionDirection) => {
    if (!token) void navigate({ to: routes.login.path });
    else if (!busy) send({ type: 'PLACE', direction });
  };

  return (
    <form
      className="trade-form option-form"
      noValidate
      onSubmit={(event) => event.preventDefault()}
    >
      <DurationChips
        groups={view.durations}
        unit={form.unit}
        length={form.length}
        onChange={(unit, length) => send({ type: 'DURATION', unit, length })}
      />
      <NumberField
        idPrefix="option"
        name="stake"
        label={t('option.stake')}
        unit="USDT"
        value={form.stake}
        problem={problem ? t(`option.problems.${problem.rule}`, stakeProblemValues(problem)) : null}
        onChange={(value) => send({ type: 'STAKE', value })}
      >
        <ShareChips
          label={t('option.shares')}
          testIdPrefix="option-share"
          disabled={!view.available}
          onPick={(percent) => {
            const stake = stakeShare(view.available?.exact ?? null, percent);
            if (stake !== null) send({ type: 'STAKE', value: stake });
          }}
        />
      </NumberField>
      <dl className="facts">
        <Fact
          label={t('option.available')}
          value={view.available?.shown}
          unit="USDT"
          testId="option-available"
        />
        <Fact label={t('option.rate')} value={review?.rate} testId="option-rate" />
        <Fact
          label={t('option.payout')}
          value={review?.payout}
          unit="USDT"
          testId="option-payout"
        />
        <Fact
          label={t('option.expectedValue')}
          value={review?.expectedValue}
          unit="USDT"
          testId="option-expected"
          sign={review?.expectedSign}
        />
        <Fact label={t('option.breakEven')} value={review?.breakEven} testId="option-break-even" />
      </dl>
      {view.offer && (
        <p className="option-note">
          {t('option.bounds', {
            min: view.offer.minStake.shown,
            max: view.offer.maxStake.shown,
            count: view.offer.openLimit,
          })}
        </p>
      )}
      <div className="option-place">
        {(['up', 'down'] as const).map((direction) => (
          <button
            key={direction}
            type="button"
            className={`button option-place__button side-button side-button--${direction}`}
            data-testid={`option-place-${direction}`}
            disabled={busy || (token !== null && (!offered || view.stale))}
            onClick={() => place(direction)}
          >
            <span aria-hidden="true">{direction === 'up' ? '▲' : '▼'}</span>{' '}
            {!token
              ? t('option.loginToTrade')
              : busy && form.direction === direction
                ? t('option.sending')
                : t(`option.${direction}`)}
          </button>
        ))}
      </div>
      {/* What became of the last order: placed, refused in the server's words, or not answered. */}
      <PurchaseStatus
        state={noticeOf(snapshot.value, 'placed')}
        message={snapshot.context.message}
        texts={{
          uncertain: t('option.uncertain'),
          retry: t('option.retry'),
          refused: t('option.refused'),
        }}
        onRetry={() => send({ type: 'RETRY' })}
        testId="option-follow"
        data={placed === null ? {} : { 'data-id': placed }}
        done={t('option.placed', { id: placed ?? '' })}
      />
      {snapshot.matches('confirming') && (
        <OptionConfirmSheet
          symbol={props.symbol}
          direction={form.direction}
          unit={form.unit}
          length={form.length}
          review={review}
          onConfirm={() => send({ type: 'CONFIRM' })}
          onCancel={() => send({ type: 'CANCEL' })}
        />
      )}
    </form>
  );
}

/** What a stake problem's message names; `offStep` counts the decimals a stake takes. */
function stakeProblemValues(problem: OptionFormProblem): Readonly<Record<string, string | number>> {
  const values = problem.params ?? {};
  return problem.rule === 'offStep' ? { ...values, count: values.decimals ?? 0 } : values;
}
