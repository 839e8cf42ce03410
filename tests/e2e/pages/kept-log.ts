// What the app's kept event log (IndexedDB, written in batches a moment apart) holds, read in the
// page: a test waits for an answer to be written before it reloads.
import type { Page } from 'playwright-core';

export function loggedEventCount(page: Page, type: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('meridian-events');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('events').objectStore('events').getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result.filter((event: { type?: string }) => event.type === wanted).length);
          };
        };
      }),
    type,
  );
}
