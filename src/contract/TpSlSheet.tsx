// A position's take-profit and stop-loss, set or changed together; an empty field clears its price.
// Both are set off by the mark and close the position at the market: all of it, or the quantity
// given (in whole lots).

import { useState } from 'react';
import { shareOf } from '../../core/market/quantity-share.ts';
import type { ContractPositionRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import { ShareChips } from '../ui/ShareChips.tsx';

export function TpSlSheet(props: {
  position: ContractPositionRow;
  onConfirm(tp: string, sl: string, quantity: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { position } = props;
  const [tp, setTp] = useState(position.tpExact);
  const [sl, setSl] = useState(position.slExact);
  const [quantity, setQuantity] = useState(position.tpslQuantityExact);
  return (
    <BottomSheet title={t('contract.tpsl.title')} onClose={props.onClose} testId="tpsl-sheet">
      <form
        className="contract-sheet-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The whole position is named by no quantity, so what it grows to is covered too.
          props.onConfirm(tp, sl, quantity.trim() === position.quantityExact ? '' : quantity);
        }}
      >
        <p className="contract-note">
          {t('contract.tpsl.hint', { entry: position.entry, liquidation: position.liquidation })}
        </p>
        <NumberField
          idPrefix="contract"
          name="edit-tp"
          label={t('contract.tpsl.tp')}
          unit="USDT"
          value={tp}
          problem={null}
          onChange={setTp}
        />
        <NumberField
          idPrefix="contract"
          name="edit-sl"
          label={t('contract.tpsl.sl')}
          unit="USDT"
          value={sl}
          problem={null}
          onChange={setSl}
        />
        <NumberField
          idPrefix="contract"
          name="edit-tpsl-quantity"
          label={t('contract.tpsl.quantity')}
          unit={position.base}
          value={quantity}
          placeholder={t('contract.tpsl.whole')}
          problem={null}
          onChange={setQuantity}
        >
          <ShareChips
            testIdPrefix="tpsl-share"
            onPick={(percent) => {
              const part = shareOf(position.quantityExact, percent, position.lotSize);
              if (part !== null) setQuantity(percent === 100 ? '' : part);
            }}
          />
        </NumberField>
        <button type="submit" className="button button--block" data-testid="tpsl-confirm">
          {t('contract.confirm')}
        </button>
      </form>
    </BottomSheet>
  );
}
