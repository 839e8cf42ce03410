// The facade object is the domains' handler objects put together (Actual's `app.combine`): no
// forwarders. Two domains may not name a handler alike; that is caught when the core is built.

/** `A | B` as `A & B`. */
export type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (
  part: infer I,
) => void
  ? I
  : never;

export function combine<const T extends readonly object[]>(...parts: T): Intersection<T[number]> {
  const whole: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [name, handler] of Object.entries(part)) {
      if (name in whole) throw new Error(`two domains define the handler ${name}`);
      whole[name] = handler;
    }
  }
  return whole as Intersection<T[number]>;
}
