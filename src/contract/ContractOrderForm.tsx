// The perpetual order form, laid out as traders know it from the large exchanges' apps: margin
// mode and leverage chips, open long or short, limit or market, price, quantity with shares of the
// most the wallet allows, take-profit and stop-loss, then what the order costs, the most it could
// be, and where the position it leaves would be liquidated, all before it is sent.
import { useEffect } from 'react';
import { withUnit } from '../../core/figures.ts';
import { shareOf } from '../../core/market/quantity-share.ts';
import type { ContractField, ContractTradeView } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { prefillPrice } from '../market/book-prefill.ts';
import { OrderFormFrame } from '../market/OrderFormFrame.tsx';
import { OrderTypePrice } from '../market/OrderTypePrice.tsx';
import type { FormBook } from '../market/TradeSplit.tsx';
import { Fact } from '../ui/Fact.tsx';
import { useFigureLocale } from '../ui/figure-locale.ts';
import { NumberField } from '../ui/NumberField.tsx';
import { ShareChips } from '../ui/ShareChips.tsx';
import { DirectionTabs } from './DirectionTabs.tsx';
import { FollowedContractOrder } from './FollowedContractOrder.tsx';
import { contractProblemText } from './problem-text.ts';
import { SettingsChips } from './SettingsChips.tsx';
import { useContractOrder } from './use-contract-order.ts';
import { useContractReview } from './use-contract-review.ts';

export function ContractOrderForm(props: {
  symbol: string;
  view: ContractTradeView;
  book: FormBook;
}) {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const { view } = props;
  const { snapshot, send, followed } = useContractOrder(
    props.symbol,
    view.orders,
    view.finishedOrders,
  );
  const { form, problem } = snapshot.context;
  // What the review depends on besides the form: the mark, the wallet and the positions.
  const held = view.positions.map((position) => `${position.id}:${position.quantityExact}`);
  const reviewed = `${view.mark}|${view.available?.exact}|${held.join()}`;
  const review = useContractReview(props.symbol, form, reviewed);
  const market = view.market;
  const base = market?.base ?? props.symbol.replace(/USDT$/, '');
  const quote = market?.quote ?? 'USDT';
  const walk = form.type === 'market' ? review?.market : null;
  const busy = snapshot.matches('validating') || snapshot.matches('submitting');

  // A position or a resting opening order holds the market's settings: the form takes them over
  // (when they change, not on every update of the view, which would clear a shown problem).
  const heldLeverage = view.settings?.leverage;
  const heldMode = view.settings?.marginMode;
  useEffect(() => {
    if (heldLeverage !== undefined && heldMode !== undefined) {
      send({ type: 'SETTINGS', leverage: heldLeverage, marginMode: heldMode });
    }
  }, [heldLeverage, heldMode, send]);

  const messageOf = (field: ContractField) => {
    if (problem?.field !== field) return null;
    const { key, values } = contractProblemText(problem);
    return t(key, values);
  };
  const change = (field: 'price' | 'quantity' | 'tp' | 'sl', value: string) =>
    send({ type: 'CHANGE', field, value });
  /** A typed field's props: its id, label and unit, what was typed and the problem found in it. */
  const typed = (name: 'quantity' | 'tp' | 'sl', label: string, unit: string) => ({
    idPrefix: 'contract',
    name,
    label,
    unit,
    value: form[name],
    problem: messageOf(name),
    onChange: (value: string) => change(name, value),
  });
  const maxExact = form.direction === 'long' ? review?.maxLongExact : review?.maxShortExact;
  const side = form.direction === 'long' ? 'buy' : 'sell';
  return (
    <OrderFormFrame
      className="contract-form"
      busy={busy}
      onSubmit={() => send({ type: 'SUBMIT' })}
      button={{
        testId: 'contract-submit',
        side: form.direction,
        disabled: !market || view.stale,
        label: form.direction === 'long' ? t('contract.openLong') : t('contract.openShort'),
      }}
      outcome={
        <FollowedContractOrder snapshot={snapshot} followed={followed} base={base} send={send} />
      }
    >
      <SettingsChips
        view={view}
        leverage={form.leverage}
        marginMode={form.marginMode}
        onChange={(settings) => send({ type: 'SETTINGS', ...settings })}
      />
      {messageOf('leverage') && (
        <span className="field__problem" role="alert" data-testid="contract-leverage-problem">
          {messageOf('leverage')}
        </span>
      )}
      <DirectionTabs
        value={form.direction}
        onChange={(direction) => send({ type: 'DIRECTION', direction })}
      />
      <OrderTypePrice
        idPrefix="contract"
        labels={{
          orderType: t('contract.orderType'),
          price: t('contract.price'),
          marketPrice: t('contract.marketPrice'),
        }}
        type={form.type}
        price={form.price}
        unit={quote}
        problem={messageOf('price')}
        side={side}
        suggestion={prefillPrice(side, props.book.top)}
        pick={props.book.pick}
        onType={(type) => send({ type: 'ORDER_TYPE', orderType: type })}
        onPrice={(price) => change('price', price)}
      />
      <NumberField {...typed('quantity', t('contract.quantity'), base)}>
        <ShareChips
          label={t('contract.shares')}
          testIdPrefix="contract-share"
          disabled={!market || !maxExact}
          onPick={(percent) => {
            const quantity = market ? shareOf(maxExact ?? null, percent, market.lotSize) : null;
            if (quantity !== null) change('quantity', quantity);
          }}
        />
      </NumberField>
      <label className="contract-toggle">
        <input
          type="checkbox"
          name="tpsl"
          data-testid="contract-tpsl"
          checked={form.tpSl}
          onChange={(event) => send({ type: 'TPSL', on: event.target.checked })}
        />
        {t('contract.tpsl.toggle')}
      </label>
      {form.tpSl && (
        <div className="contract-tpsl">
          <NumberField {...typed('tp', t('contract.tpsl.tp'), quote)} />
          <NumberField {...typed('sl', t('contract.tpsl.sl'), quote)} />
        </div>
      )}
      <dl className="facts">
        <Fact
          label={t('contract.available')}
          value={view.available?.shown}
          unit={quote}
          testId="contract-available"
        />
        <Fact label={t('contract.cost')} value={review?.cost} unit={quote} testId="contract-cost" />
        <Fact
          label={t('contract.maxLong')}
          value={review?.maxLong}
          unit={base}
          testId="contract-max-long"
        />
        <Fact
          label={t('contract.maxShort')}
          value={review?.maxShort}
          unit={base}
          testId="contract-max-short"
        />
        <Fact
          label={t('contract.estimatedLiquidation')}
          value={review?.liquidation}
          unit={quote}
          testId="contract-liquidation"
        />
        {walk && (
          <>
            <Fact
              label={t('trade.orders.avgPrice')}
              value={walk.average}
              unit={quote}
              testId="contract-average"
            />
            <Fact label={t('contract.slippage')} value={walk.slippage} testId="contract-slippage" />
            <Fact label={t('trade.orders.filled')} value={walk.filled} unit={base} />
          </>
        )}
      </dl>
      {walk && !walk.whole && (
        <p className="field__problem" role="alert" data-testid="contract-book-short">
          {t('contract.bookShort', { filled: withUnit(walk.filled, base, locale) })}
        </p>
      )}
      {form.type === 'market' && <p className="contract-note">{t('contract.marketEstimate')}</p>}
    </OrderFormFrame>
  );
}
