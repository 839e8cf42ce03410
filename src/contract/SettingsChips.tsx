// The market's margin mode and leverage as two chips above the form, each opening its sheet. While
// a position or a resting opening order holds them, the mode is fixed and the leverage changes the
// position's (the server keeps one setting per market).
import { useState } from 'react';
import type { ContractTradeView, MarginMode } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Figure } from '../ui/Figures.tsx';
import { unannounced } from '../ui/failure-toast.ts';
import { LeverageSheet } from './LeverageSheet.tsx';
import { MarginModeSheet } from './MarginModeSheet.tsx';

type Open = 'leverage' | 'mode' | null;

export function SettingsChips(props: {
  view: ContractTradeView;
  leverage: number;
  marginMode: MarginMode;
  onChange(settings: { leverage: number; marginMode: MarginMode }): void;
}) {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const { view, leverage, marginMode } = props;
  const held = view.settings;
  const max = view.market?.maxLeverage ?? 1;

  const chooseLeverage = async (chosen: number) => {
    if (held?.hasPosition) {
      // The position's leverage changes on the server first; the form follows its answer.
      setBusy(true);
      const outcome = await core.setContractLeverage(view.symbol, chosen).catch(() => null);
      setBusy(false);
      if (outcome?.ok) toast(t('contract.leverage.changed', { leverage: chosen }), 'success');
      else if (unannounced(outcome)) toast(t('wallet.unanswered'), 'error');
      if (!outcome?.ok) return;
    }
    props.onChange({ leverage: chosen, marginMode });
    setOpen(null);
  };

  return (
    <div className="contract-settings">
      <button
        type="button"
        className="chip contract-settings__chip"
        data-testid="contract-margin-mode"
        disabled={held !== null}
        title={held ? t('contract.marginMode.locked') : undefined}
        onClick={() => setOpen('mode')}
      >
        {t(`contract.marginMode.${marginMode}`)}
      </button>
      <button
        type="button"
        className="chip contract-settings__chip"
        data-testid="contract-leverage"
        disabled={held !== null && !held.hasPosition}
        title={held && !held.hasPosition ? t('contract.leverage.locked') : undefined}
        onClick={() => setOpen('leverage')}
      >
        <Figure>{leverage}×</Figure>
      </button>
      {held && <span className="contract-settings__note">{t('contract.settingsHeld')}</span>}
      {open === 'leverage' && (
        <LeverageSheet
          value={leverage}
          max={max}
          busy={busy}
          onConfirm={(chosen) => void chooseLeverage(chosen)}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'mode' && (
        <MarginModeSheet
          value={marginMode}
          onConfirm={(mode) => {
            props.onChange({ leverage, marginMode: mode });
            setOpen(null);
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
