// The durations a second contract runs for: a length in minutes, hours or days, as the products
// list them, grouped by unit for the form's chips (minutes, then hours, then days; shortest first).
import type { z } from 'zod/mini';
import type { durationUnitSchema } from '../../schemas/api/option.schema.ts';

export type DurationUnit = z.infer<typeof durationUnitSchema>;

export const durationUnits = ['minute', 'hour', 'day'] as const satisfies readonly DurationUnit[];

const unitMs: Record<DurationUnit, number> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

export function durationMs(unit: DurationUnit, length: number): number {
  return unitMs[unit] * length;
}

/** Items of each unit that has any, in unit order, shortest first within one. */
export function byUnit<T extends { unit: DurationUnit; length: number }>(
  items: readonly T[],
): { unit: DurationUnit; items: T[] }[] {
  return durationUnits
    .map((unit) => ({
      unit,
      items: items.filter((item) => item.unit === unit).sort((a, b) => a.length - b.length),
    }))
    .filter((group) => group.items.length > 0);
}
