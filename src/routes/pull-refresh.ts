// Pull-down refresh reaches a page through the router: the shell's gesture calls
// `router.invalidate()`, the route's loader runs the refresh the mounted page registered for its
// path, and the gesture's "refreshing" status lasts until that refresh has finished.

const refreshes = new Map<string, () => Promise<unknown>>();

/** Registers the page's refresh for `path`; the returned function removes it again. */
export function registerRefresh(path: string, refresh: () => Promise<unknown>): () => void {
  refreshes.set(path, refresh);
  return () => {
    if (refreshes.get(path) === refresh) refreshes.delete(path);
  };
}

/** Runs the refresh registered for `path`, if any; a failed refresh is the page's to show. */
export async function runRefresh(path: string): Promise<void> {
  const refresh = refreshes.get(path);
  if (!refresh) return;
  try {
    await refresh();
  } catch {
    // The page shows its own failure state; the router must not turn it into an error page.
  }
}
