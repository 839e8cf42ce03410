// Isolated or cross margin ("sustainable" and "full warehouse" in older texts, docs/product.md
// §13), each with what it means for the trader's money.
import { useState } from 'react';
import type { MarginMode } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';

const modes: readonly MarginMode[] = ['isolated', 'cross'];

export function MarginModeSheet(props: {
  value: MarginMode;
  onConfirm(mode: MarginMode): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState(props.value);
  return (
    <BottomSheet
      title={t('contract.marginMode.title')}
      onClose={props.onClose}
      testId="margin-mode-sheet"
    >
      <fieldset className="contract-modes">
        <legend className="visually-hidden">{t('contract.marginMode.title')}</legend>
        {modes.map((choice) => (
          <label key={choice} className="contract-mode" data-testid={`margin-mode-${choice}`}>
            <input
              type="radio"
              name="margin-mode"
              value={choice}
              checked={mode === choice}
              onChange={() => setMode(choice)}
            />
            <span className="contract-mode__name">{t(`contract.marginMode.${choice}`)}</span>
            <span className="contract-mode__text">{t(`contract.marginMode.${choice}Text`)}</span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="button button--block"
        data-testid="margin-mode-confirm"
        onClick={() => props.onConfirm(mode)}
      >
        {t('contract.confirm')}
      </button>
    </BottomSheet>
  );
}
