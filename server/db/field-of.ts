// One field of a value whose shape is unknown: an error a driver or library threw (`code`,
// `constraint`), a body not yet parsed. Reading it through here narrows instead of casting, so a
// value that is not an object, or lacks the field, reads as undefined.
export function fieldOf(value: unknown, field: string): unknown {
  if (typeof value !== 'object' || value === null || !(field in value)) return undefined;
  // An error class may define the field as a getter on its prototype: read as JavaScript reads it.
  const read: unknown = Reflect.get(value, field);
  return read;
}
