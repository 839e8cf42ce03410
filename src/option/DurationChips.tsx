// The durations offered, as chips grouped by unit (minutes, hours, days), each with its published
// payout rate. One radio group across the units: `option-duration-<unit>-<length>`.

import type { DurationUnit, OptionDurationGroup } from '../../workers/facade.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ChoiceChips } from '../ui/ChoiceChips.tsx';

export function DurationChips(props: {
  groups: readonly OptionDurationGroup[];
  unit: DurationUnit;
  length: number;
  onChange(unit: DurationUnit, length: number): void;
}) {
  const { t } = useTranslation();
  const chosen = `${props.unit}-${props.length}`;
  return (
    <fieldset className="option-durations">
      <legend className="visually-hidden">{t('option.durationLabel')}</legend>
      {props.groups.map((group) => (
        <ChoiceChips
          key={group.unit}
          label={t(`option.unit.${group.unit}`)}
          name="option-duration"
          choices={group.chips.map((chip) => ({
            value: `${chip.unit}-${chip.length}`,
            label: `${t(`option.duration.${chip.unit}`, { count: chip.length })} · ${chip.rate}`,
          }))}
          value={
            group.chips.some((chip) => `${chip.unit}-${chip.length}` === chosen)
              ? chosen
              : undefined
          }
          onChange={(value) => {
            const chip = group.chips.find((item) => `${item.unit}-${item.length}` === value);
            if (chip) props.onChange(chip.unit, chip.length);
          }}
        />
      ))}
    </fieldset>
  );
}
