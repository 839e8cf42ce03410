// The order form (docs/product.md §12): buy or sell, limit or market, the limit price (from the
// book beside it until the trader sets one), the amounts a trader types or takes as a share of the
// available balance, the fee it may cost, and the order it placed last.

import { useEffect, useState } from 'react';
import { withUnit } from '../../core/figures.ts';
import { limitTotal, quantityForTotal } from '../../core/spot/limit-total.ts';
import { shortcutAmount } from '../../core/spot/order-preview.ts';
import type { SpotView } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { prefillPrice } from '../market/book-prefill.ts';
import { OrderFormFrame } from '../market/OrderFormFrame.tsx';
import { OrderTypePrice } from '../market/OrderTypePrice.tsx';
import type { FormBook } from '../market/TradeSplit.tsx';
import { Fact } from '../ui/Fact.tsx';
import { useFigureLocale } from '../ui/figure-locale.ts';
import { NumberField } from '../ui/NumberField.tsx';
import { ShareChips } from '../ui/ShareChips.tsx';
import { FollowedOrder } from './FollowedOrder.tsx';
import { spotMarketWalk } from './market-walk.ts';
import { problemText } from './problem-text.ts';
import { SideTabs } from './SideTabs.tsx';
import { useFeePreview } from './use-fee-preview.ts';
import { useSpotOrder } from './use-spot-order.ts';

export function OrderForm(props: {
  symbol: string;
  spot: SpotView;
  book: FormBook;
  /** The side a link chose (the chart's Buy or Sell); the form's own otherwise. */
  side?: 'buy' | 'sell' | undefined;
}) {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const { spot } = props;
  const { snapshot, send, followed } = useSpotOrder(props.symbol, spot.orders);
  const { form, problem } = snapshot.context;
  const { side } = props;
  useEffect(() => {
    if (side) send({ type: 'SIDE', side });
  }, [side, send]);
  const rules = spot.rules;
  const fee = useFeePreview(props.symbol, form, rules !== null);
  const walk = spotMarketWalk(form, rules, props.book.levels, locale);
  // The total as the trader types it; price × quantity once they type either of those.
  const [typedTotal, setTypedTotal] = useState<string | null>(null);
  const base = rules?.base ?? '';
  const quote = rules?.quote ?? '';
  const paid = form.side === 'buy' ? spot.available?.quote : spot.available?.base;
  const busy = snapshot.matches('validating') || snapshot.matches('submitting');
  const messageOf = (field: 'price' | 'quantity' | 'turnover') => {
    if (!problem || problem.field !== field) return null;
    const { key, values } = problemText(problem as Parameters<typeof problemText>[0]);
    return t(key, values);
  };
  const change = (field: 'price' | 'quantity' | 'turnover', value: string) => {
    if (field !== 'turnover') setTypedTotal(null);
    send({ type: 'CHANGE', field, value });
  };
  const typeTotal = (total: string) => {
    const quantity = rules && quantityForTotal(total, form.price, rules);
    if (quantity != null) send({ type: 'CHANGE', field: 'quantity', value: quantity });
    setTypedTotal(total);
  };
  const amountField = form.type === 'market' && form.side === 'buy' ? 'turnover' : 'quantity';

  return (
    <OrderFormFrame
      className="spot-form"
      busy={busy}
      onSubmit={() => send({ type: 'SUBMIT' })}
      button={{
        testId: 'spot-submit',
        side: form.side,
        disabled: !rules,
        label:
          form.side === 'buy'
            ? t('spot.submitBuy', { asset: base })
            : t('spot.submitSell', { asset: base }),
      }}
      outcome={<FollowedOrder snapshot={snapshot} followed={followed} send={send} />}
    >
      <SideTabs value={form.side} onChange={(side) => send({ type: 'SIDE', side })} />
      <OrderTypePrice
        idPrefix="spot"
        problemTestId="spot-problem"
        labels={{
          orderType: t('spot.orderType'),
          price: t('spot.price'),
          marketPrice: t('spot.marketPrice'),
        }}
        type={form.type}
        price={form.price}
        unit={quote}
        problem={messageOf('price')}
        side={form.side}
        // docs/product.md §12 bounds a limit price by the current price: the start waits for it,
        // and stays within.
        suggestion={spot.last === null ? null : prefillPrice(form.side, props.book.top, spot.last)}
        pick={props.book.pick}
        onType={(type) => send({ type: 'ORDER_TYPE', orderType: type })}
        onPrice={(price) => change('price', price)}
      />
      <NumberField
        idPrefix="spot"
        problemTestId="spot-problem"
        name={amountField}
        label={amountField === 'turnover' ? t('spot.turnover') : t('spot.quantity')}
        unit={amountField === 'turnover' ? quote : base}
        value={form[amountField]}
        problem={messageOf(amountField)}
        onChange={(value) => change(amountField, value)}
      >
        <ShareChips
          label={t('spot.shortcuts')}
          testIdPrefix="spot-share"
          disabled={!rules || !paid}
          onPick={(percent) => {
            if (!rules) return;
            const amount = shortcutAmount(form, rules, paid?.exact ?? null, percent);
            if (amount !== null) change(amountField, amount);
          }}
        />
      </NumberField>
      {form.type === 'limit' && rules && (
        <NumberField
          idPrefix="spot"
          name="total"
          label={t('spot.total')}
          unit={quote}
          value={typedTotal ?? limitTotal(form.price, form.quantity, rules)}
          problem={null}
          onChange={typeTotal}
        />
      )}
      <dl className="facts">
        <Fact
          label={t('spot.available')}
          value={paid?.shown}
          unit={form.side === 'buy' ? quote : base}
          testId="spot-available"
        />
        <Fact label={t('spot.fee')} value={fee?.shown} unit={fee?.asset} testId="spot-fee" />
        {walk && (
          <>
            <Fact label={t('trade.orders.avgPrice')} value={walk.average} testId="spot-average" />
            <Fact label={t('spot.slippage')} value={walk.slippage} testId="spot-slippage" />
            <Fact label={t('trade.orders.filled')} value={walk.filled} unit={base} />
          </>
        )}
      </dl>
      {walk && !walk.whole && (
        <p className="field__problem" role="alert" data-testid="spot-book-short">
          {t('spot.bookShort', { filled: withUnit(walk.filled, base, locale) })}
        </p>
      )}
    </OrderFormFrame>
  );
}
