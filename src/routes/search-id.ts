// The id a page's link names (`?id=12`): a positive whole number, or null when the link names
// none or something else, since the link may be typed or shared.
export function searchId(search: Readonly<Record<string, unknown>>): number | null {
  const value = typeof search.id === 'string' ? Number(search.id) : search.id;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}
