// What a call names, read before the route parses it, so that a node can tell which market's lease
// answers it (server/cluster/spread-markets.ts). Input the route will refuse reads as naming
// nothing: the call is then answered where it would have been anyway, with the route's refusal.

/** A symbol as the routes read it (trimmed, upper case), if the input has one. */
export function symbolIn(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || !('symbol' in input)) return undefined;
  return typeof input.symbol === 'string' ? input.symbol.trim().toUpperCase() : undefined;
}

/** A positive whole id, as a number or its digits, if the input has one. */
export function idIn(input: unknown, field: string): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const value: unknown = Reflect.get(input, field);
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[1-9]\d{0,17}$/.test(text) ? text : undefined;
}
