// Page loading per docs/product.md §9: a loading view only after 200 ms, an error view after 60 s.

export const pageLoading = {
  /** The loading view appears only if a page takes longer than this. */
  showLoadingAfterMs: 200,
  /** An async page that has not arrived by then shows the timed-out view (tap to retry). */
  pageTimeoutMs: 60_000,
  /** The bundler's own limit for one chunk; our page time-out comes first. */
  chunkTimeoutMs: 120_000,
};

export class PageTimeoutError extends Error {
  constructor() {
    super('page load timed out');
    this.name = 'PageTimeoutError';
  }
}

/** Races a page's import against the page time-out. */
export function withPageTimeout<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new PageTimeoutError()), pageLoading.pageTimeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}
