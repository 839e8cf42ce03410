// A position's take-profit and stop-loss, set or changed together; an empty price clears it. Both
// are set off by the mark and close the position at the market: the quantity in the field, which
// starts at the whole position. Checked in the worker before sending (the server's rule against the
// mark and the liquidation price), with the estimated PnL at each price; the sheet stays open with
// what was typed until the server takes it, and a refusal is shown under the field it is about.
import { useEffect, useState } from 'react';
import { shareOf } from '../../core/market/quantity-share.ts';
import type { ContractPositionRow, TpSlReview } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { BottomSheet } from '../ui/BottomSheet.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import { ShareChips } from '../ui/ShareChips.tsx';
import { useFieldRefusals } from '../ui/use-field-refusals.ts';

type Field = 'tp' | 'sl' | 'quantity';
const wire = { tp: 'tp_price', sl: 'sl_price', quantity: 'quantity' } as const;
const wireFields = Object.values(wire);

export function TpSlSheet(props: {
  position: ContractPositionRow;
  /** The server took the change. */
  onDone(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const core = useWorker();
  const { position } = props;
  const [typed, setTyped] = useState({
    tp: position.tpExact,
    sl: position.slExact,
    // The field says what the trigger closes: the quantity set, or the whole position.
    quantity: position.tpslQuantityExact || position.quantityExact,
  });
  const [review, setReview] = useState<TpSlReview | null>(null);
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refusals = useFieldRefusals(wireFields);

  useEffect(() => {
    let current = true;
    void core.reviewTpSl(position.id, typed).then((answer) => {
      if (current) setReview(answer);
    });
    return () => {
      current = false;
    };
    // The position's row changes with each mark, and the mark is what the rule judges against.
  }, [core, position, typed]);

  const change = (field: Field) => (value: string) => {
    refusals.clear(wire[field]);
    setFailure(null);
    setTyped((before) => ({ ...before, [field]: value }));
  };
  const problemOf = (field: Field): string | null => {
    const refused = refusals.refusalOf(wire[field]);
    if (refused) return refused;
    const found = tried ? review?.problems[field] : undefined;
    if (!found) return null;
    const { rule, params } = found;
    // A price on the wrong side says which side, for this position, and the mark it is judged by.
    const side = position.direction === 'long' ? 'Long' : 'Short';
    if (rule === 'takeProfitSide') return t(`contract.tpsl.problems.takeProfit${side}`, params);
    if (rule === 'stopLossSide') return t(`contract.tpsl.problems.stopLoss${side}`, params);
    return t(`contract.problems.${rule}`, { ...params, count: params.decimals });
  };
  const pnlLine = (field: 'tp' | 'sl') => {
    const pnl = field === 'tp' ? review?.tpPnl : review?.slPnl;
    if (!pnl) return null;
    const sign = field === 'tp' ? review?.tpPnlSign : review?.slPnlSign;
    const tone = sign === 1 ? 'price--up' : sign === -1 ? 'price--down' : '';
    return (
      <p className="contract-note">
        {t('contract.tpsl.estimatedPnl')}{' '}
        <span className={`figure ${tone}`} dir="ltr" data-testid={`tpsl-${field}-pnl`}>
          {pnl} USDT
        </span>
      </p>
    );
  };

  const submit = async () => {
    setTried(true);
    setFailure(null);
    const checked = await core.reviewTpSl(position.id, typed);
    setReview(checked);
    if (Object.keys(checked.problems).length > 0) return;
    setSending(true);
    // The whole position is named by no quantity, so what it grows to is covered too.
    const quantity = checked.whole ? '' : typed.quantity;
    const outcome = await core
      .changePosition(position.id, { kind: 'tpsl', tp: typed.tp, sl: typed.sl, quantity })
      .catch(() => null);
    setSending(false);
    if (outcome?.ok) return props.onDone();
    if (refusals.take(outcome)) return;
    const failed = outcome && !outcome.ok ? outcome.failure : null;
    setFailure(
      failed?.kind === 'business' || failed?.kind === 'session'
        ? failed.msg
        : t('contract.follow.uncertain'),
    );
  };

  return (
    <BottomSheet title={t('contract.tpsl.title')} onClose={props.onClose} testId="tpsl-sheet">
      <form
        className="contract-sheet-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="contract-note" data-testid="tpsl-hint">
          {t('contract.tpsl.hintEntry', {
            entry: position.entry,
            liquidation: position.liquidation,
          })}{' '}
          {review?.closing
            ? review.whole
              ? t('contract.tpsl.closesWhole', { quantity: review.closing, asset: position.base })
              : t('contract.tpsl.closesPart', { quantity: review.closing, asset: position.base })
            : t('contract.tpsl.closesTyped')}
        </p>
        <NumberField
          idPrefix="contract"
          name="edit-tp"
          label={t('contract.tpsl.tp')}
          unit="USDT"
          value={typed.tp}
          problem={problemOf('tp')}
          onChange={change('tp')}
        >
          {pnlLine('tp')}
        </NumberField>
        <NumberField
          idPrefix="contract"
          name="edit-sl"
          label={t('contract.tpsl.sl')}
          unit="USDT"
          value={typed.sl}
          problem={problemOf('sl')}
          onChange={change('sl')}
        >
          {pnlLine('sl')}
        </NumberField>
        <NumberField
          idPrefix="contract"
          name="edit-tpsl-quantity"
          label={t('contract.tpsl.quantity')}
          unit={position.base}
          value={typed.quantity}
          problem={problemOf('quantity')}
          onChange={change('quantity')}
        >
          <ShareChips
            testIdPrefix="tpsl-share"
            onPick={(percent) => {
              const part = shareOf(position.quantityExact, percent, position.lotSize);
              if (part !== null) change('quantity')(part);
            }}
          />
        </NumberField>
        {failure && (
          <p className="field__problem" role="alert" data-testid="tpsl-failure">
            {failure}
          </p>
        )}
        <button
          type="submit"
          className="button button--block"
          data-testid="tpsl-confirm"
          disabled={sending}
        >
          {sending ? t('trade.sending') : t('contract.confirm')}
        </button>
      </form>
    </BottomSheet>
  );
}
