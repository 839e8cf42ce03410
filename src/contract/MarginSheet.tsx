// Adding margin to an isolated position (from the contract wallet's available balance) or removing
// it (down to what keeps it at the initial margin at the mark, the server's limit): more margin
// moves the liquidation price away, less brings it closer.
import { useState } from 'react';
import { dash } from '../../core/figures.ts';
import type { ContractPositionRow } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { FigureWithUnit } from '../ui/Figures.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import { TabRow } from '../ui/TabRow.tsx';

type Action = 'add' | 'remove';

export function MarginSheet(props: {
  position: ContractPositionRow;
  available: string | null;
  onConfirm(action: Action, amount: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [action, setAction] = useState<Action>('add');
  const [amount, setAmount] = useState('');
  return (
    <BottomSheet title={t('contract.margin.title')} onClose={props.onClose} testId="margin-sheet">
      <form
        className="contract-sheet-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (amount.trim() !== '') props.onConfirm(action, amount);
        }}
      >
        <TabRow
          label={t('contract.margin.title')}
          tabs={(['add', 'remove'] as const).map((value) => ({
            value,
            label: t(`contract.margin.${value}`),
          }))}
          value={action}
          onChange={setAction}
          testIdPrefix="margin-action"
        />
        <NumberField
          idPrefix="contract"
          name="margin-amount"
          label={t('contract.margin.amount')}
          unit="USDT"
          value={amount}
          problem={null}
          onChange={setAmount}
        />
        <dl className="facts">
          <div>
            <dt>{t('contract.margin.current')}</dt>
            <dd>
              <FigureWithUnit figure={props.position.margin} unit="USDT" />
            </dd>
          </div>
          {action === 'add' && (
            <div>
              <dt>{t('contract.available')}</dt>
              <dd>
                <FigureWithUnit figure={props.available ?? dash} unit="USDT" />
              </dd>
            </div>
          )}
        </dl>
        <p className="contract-note">{t(`contract.margin.${action}Hint`)}</p>
        <button type="submit" className="button button--block" data-testid="margin-confirm">
          {t('contract.confirm')}
        </button>
      </form>
    </BottomSheet>
  );
}
