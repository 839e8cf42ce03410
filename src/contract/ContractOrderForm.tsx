// The perpetual order form, laid out as traders know it from the large exchanges' apps: margin
// mode and leverage chips, open long or short, limit or market, price, quantity with shares of the
// most the wallet allows, take-profit and stop-loss, then what the order costs, the most it could
// be, and where the position it leaves would be liquidated, all before it is sent.
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { dash } from '../../core/figures.ts';
import { shareOf } from '../../core/market/quantity-share.ts';
import type { ContractField, ContractTradeView } from '../../workers/facade.ts';
import { useSession } from '../app/session.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { prefillPrice } from '../market/book-prefill.ts';
import { OrderFormFrame } from '../market/OrderFormFrame.tsx';
import { OrderTypePrice } from '../market/OrderTypePrice.tsx';
import type { FormBook } from '../market/TradeSplit.tsx';
import { routes } from '../routes/route-table.ts';
import { FigureWithUnit } from '../ui/Figures.tsx';
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
  const { token } = useSession();
  const navigate = useNavigate();
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
  const maxExact = form.direction === 'long' ? review?.maxLongExact : review?.maxShortExact;
  const side = form.direction === 'long' ? 'buy' : 'sell';
  return (
    <OrderFormFrame
      className="contract-form"
      signedIn={token !== null}
      busy={busy}
      onLogin={() => void navigate({ to: routes.login.path })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      button={{
        testId: 'contract-submit',
        side: form.direction,
        disabled: !market || view.stale,
        label: form.direction === 'long' ? t('contract.openLong') : t('contract.openShort'),
      }}
      outcome={<FollowedContractOrder snapshot={snapshot} followed={followed} send={send} />}
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
      <NumberField
        idPrefix="contract"
        name="quantity"
        label={t('contract.quantity')}
        unit={base}
        value={form.quantity}
        problem={messageOf('quantity')}
        onChange={(value) => change('quantity', value)}
      >
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
          <NumberField
            idPrefix="contract"
            name="tp"
            label={t('contract.tpsl.tp')}
            unit={quote}
            value={form.tp}
            problem={messageOf('tp')}
            onChange={(value) => change('tp', value)}
          />
          <NumberField
            idPrefix="contract"
            name="sl"
            label={t('contract.tpsl.sl')}
            unit={quote}
            value={form.sl}
            problem={messageOf('sl')}
            onChange={(value) => change('sl', value)}
          />
        </div>
      )}
      <dl className="facts">
        <Fact
          label={t('contract.available')}
          value={view.available?.shown ?? dash}
          unit={quote}
          testId="contract-available"
        />
        <Fact
          label={t('contract.cost')}
          value={review?.cost ?? dash}
          unit={quote}
          testId="contract-cost"
        />
        <Fact
          label={t('contract.maxLong')}
          value={review?.maxLong ?? dash}
          unit={base}
          testId="contract-max-long"
        />
        <Fact
          label={t('contract.maxShort')}
          value={review?.maxShort ?? dash}
          unit={base}
          testId="contract-max-short"
        />
        <Fact
          label={t('contract.estimatedLiquidation')}
          value={review?.liquidation ?? dash}
          unit={review?.liquidation ? quote : ''}
          testId="contract-liquidation"
        />
      </dl>
      {form.type === 'market' && <p className="contract-note">{t('contract.marketEstimate')}</p>}
    </OrderFormFrame>
  );
}

function Fact(props: { label: string; value: string; unit: string; testId: string }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>
        <FigureWithUnit figure={props.value} unit={props.unit} testId={props.testId} />
      </dd>
    </div>
  );
}
