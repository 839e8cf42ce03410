// The part of a book-traded order form that chooses limit or market and holds the limit price:
// the type chips, then the price field (started from the book beside the form, taken from a level
// the trader taps, theirs once they type one: ./use-limit-prefill.ts) or, for a market order, the
// note that it fills at the market. The form it is in names the ids and the words of its own; limit
// and market are the trade pages' shared words (`trade.*`).
import { useTranslation } from '../i18n/use-translation.ts';
import { ChoiceChips } from '../ui/ChoiceChips.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import type { TradeSide } from './book-prefill.ts';
import { type BookPick, useLimitPrefill } from './use-limit-prefill.ts';

export type PricedOrderType = 'limit' | 'market';

export function OrderTypePrice(props: {
  /** The prefix of the chips' name and the price field's id. */
  idPrefix: string;
  /** The price problem's test id, when the form names all its problems alike. */
  problemTestId?: string;
  labels: { orderType: string; price: string; marketPrice: string };
  type: PricedOrderType;
  price: string;
  /** The quote asset the price is in. */
  unit: string;
  problem: string | null;
  side: TradeSide;
  /** The price the book suggests for this side, or null until it has one. */
  suggestion: string | null;
  pick: BookPick | null;
  onType(type: PricedOrderType): void;
  onPrice(price: string): void;
}) {
  const { t } = useTranslation();
  const { labels, type, onType, onPrice } = props;
  const typedPrice = useLimitPrefill({
    side: props.side,
    limit: type === 'limit',
    suggestion: props.suggestion,
    pick: props.pick,
    setPrice: (price, picked) => {
      // A level tapped on the book makes the order a limit order at that price.
      if (picked && type !== 'limit') onType('limit');
      onPrice(price);
    },
  });
  return (
    <>
      <ChoiceChips
        label={labels.orderType}
        name={`${props.idPrefix}-type`}
        choices={[
          { value: 'limit', label: t('trade.limit') },
          { value: 'market', label: t('trade.market') },
        ]}
        value={type}
        onChange={onType}
      />
      {type === 'limit' ? (
        <NumberField
          idPrefix={props.idPrefix}
          {...(props.problemTestId === undefined ? {} : { problemTestId: props.problemTestId })}
          name="price"
          label={labels.price}
          unit={props.unit}
          value={props.price}
          problem={props.problem}
          onChange={(value) => {
            typedPrice();
            onPrice(value);
          }}
        />
      ) : (
        <p className="trade-form__market-price">{labels.marketPrice}</p>
      )}
    </>
  );
}
