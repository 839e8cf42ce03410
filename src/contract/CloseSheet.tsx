// Closing a position, whole or in part, at the market or at a limit price: a reduce-only order, so
// it can only ever shrink the position.
import { useState } from 'react';
import { shareOf } from '../../core/market/quantity-share.ts';
import type { CloseRequest, ContractPositionRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { ChoiceChips } from '../ui/ChoiceChips.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import { ShareChips } from '../ui/ShareChips.tsx';

export function CloseSheet(props: {
  position: ContractPositionRow;
  onConfirm(close: CloseRequest): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { position } = props;
  const [type, setType] = useState<CloseRequest['type']>('market');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState(position.quantityExact);
  const whole = quantity.trim() === position.quantityExact;
  return (
    <BottomSheet title={t('contract.close.title')} onClose={props.onClose} testId="close-sheet">
      <form
        className="contract-sheet-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (quantity.trim() === '' || (type === 'limit' && price.trim() === '')) return;
          // The whole position is closed by naming none: what is left then is closed too.
          props.onConfirm({ type, price, quantity: whole ? '' : quantity });
        }}
      >
        <ChoiceChips
          label={t('contract.orderType')}
          name="close-type"
          choices={[
            { value: 'market' as const, label: t('trade.market') },
            { value: 'limit' as const, label: t('trade.limit') },
          ]}
          value={type}
          onChange={(value) => setType(value)}
        />
        {type === 'limit' && (
          <NumberField
            idPrefix="contract"
            name="close-price"
            label={t('contract.price')}
            unit="USDT"
            value={price}
            problem={null}
            onChange={setPrice}
          />
        )}
        <NumberField
          idPrefix="contract"
          name="close-quantity"
          label={t('contract.quantity')}
          unit={position.base}
          value={quantity}
          problem={null}
          onChange={setQuantity}
        >
          <ShareChips
            testIdPrefix="close-share"
            onPick={(percent) => {
              const part = shareOf(position.quantityExact, percent, position.lotSize);
              if (part !== null) setQuantity(part);
            }}
          />
        </NumberField>
        <button type="submit" className="button button--block" data-testid="close-confirm">
          {whole ? t('contract.close.whole') : t('contract.close.part')}
        </button>
      </form>
    </BottomSheet>
  );
}
