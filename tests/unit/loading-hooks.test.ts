// The loading hooks ask the server once for what they show, however often the page renders: a
// list is loaded again when what it is of changes by value, on a reload, or for its next page,
// never because a render made new functions (an inline `keyOf` once made the contract history's
// lists ask for their first page without end). React's hooks are stood in for (fake-react.ts).
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { useLoad } from '../../src/ui/use-load.ts';
import { usePagedList } from '../../src/ui/use-paged-list.ts';
import type { ListPage, Outcome } from '../../workers/facade.ts';
import { renderHook } from '../support/fake-react.ts';

vi.mock('react', async () => (await import('../support/fake-react.ts')).fakeReact);

interface Row {
  key: string;
  label: string;
}

/** A server of pages of two rows, which counts what it was asked. */
function pagedServer(more = true) {
  const asked: { filter: string; page: number }[] = [];
  return {
    asked,
    load(filter: string, page: number): Promise<Outcome<ListPage<Row>>> {
      asked.push({ filter, page });
      const rows = [1, 2].map((n) => ({ key: `${filter}-${page}-${n}`, label: `${filter} ${n}` }));
      return Promise.resolve({ ok: true, data: { rows, page, more } });
    },
  };
}

describe('usePagedList', () => {
  it('loads the first page once, shows it, and not again on later renders with inline functions', async () => {
    const server = pagedServer();
    const list = renderHook(() =>
      usePagedList(
        ['fills'],
        (page) => server.load('fills', page),
        (row) => row.key,
      ),
    );
    await list.settle();
    for (let i = 0; i < 5; i++) {
      list.rerender();
      await list.settle();
    }
    expect(server.asked).toEqual([{ filter: 'fills', page: 1 }]);
    expect(list.current).toMatchObject({ loaded: true, loading: false, failed: false, more: true });
    expect(list.current.rows.map((row) => row.key)).toEqual(['fills-1-1', 'fills-1-2']);
  });

  it('shows an empty answer as loaded with no rows, not as loading', async () => {
    const list = renderHook(() =>
      usePagedList(
        ['funding'],
        (page) => Promise.resolve({ ok: true as const, data: { rows: [], page, more: false } }),
        (row: Row) => row.key,
      ),
    );
    await list.settle();
    expect(list.current).toMatchObject({ loaded: true, loading: false, rows: [] });
  });

  it('loads again only when what it is of changes by value, however the renders fall', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('all', 'deposit', 'trade'), { maxLength: 12 }),
        async (filters) => {
          const server = pagedServer();
          let filter = 'all';
          const list = renderHook(() =>
            usePagedList(
              ['records', filter],
              (page) => server.load(filter, page),
              (row) => row.key,
            ),
          );
          await list.settle();
          let expected = ['all'];
          for (const next of filters) {
            if (next !== filter) expected = [...expected, next];
            filter = next;
            list.rerender();
            await list.settle();
          }
          expect(server.asked.map((asked) => asked.filter)).toEqual(expected);
          expect(server.asked.every((asked) => asked.page === 1)).toBe(true);
          // What is shown is the list of the filter in force.
          expect(list.current.rows.map((row) => row.key)).toEqual([
            `${filter}-1-1`,
            `${filter}-1-2`,
          ]);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('asks for the next page on "load more" and the first again on reload, nothing else', async () => {
    const server = pagedServer();
    const list = renderHook(() =>
      usePagedList(
        ['orders'],
        (page) => server.load('orders', page),
        (row) => row.key,
      ),
    );
    await list.settle();
    list.current.loadMore();
    await list.settle();
    expect(list.current.rows).toHaveLength(4);
    await list.current.reload();
    await list.settle();
    list.rerender();
    await list.settle();
    expect(server.asked.map((asked) => asked.page)).toEqual([1, 2, 1]);
    expect(list.current.rows).toHaveLength(2);
  });

  it('shows no answer that comes after the page was left', async () => {
    let answer: (outcome: Outcome<ListPage<Row>>) => void = () => {};
    const list = renderHook(() =>
      usePagedList(
        ['fills'],
        () => new Promise<Outcome<ListPage<Row>>>((resolve) => (answer = resolve)),
        (row) => row.key,
      ),
    );
    list.unmount();
    answer({ ok: true, data: { rows: [{ key: 'late', label: 'late' }], page: 1, more: false } });
    await list.settle();
    expect(list.current.loaded).toBe(false);
  });
});

describe('useLoad', () => {
  it('loads once and asks what was known once, with inline functions, over many renders', async () => {
    let loads = 0;
    let knownAsks = 0;
    const load = renderHook(() =>
      useLoad(
        ['walletBalances'],
        () => {
          loads++;
          return Promise.resolve({ ok: true as const, data: 'balances' });
        },
        () => {
          knownAsks++;
          return Promise.resolve('kept');
        },
      ),
    );
    await load.settle();
    for (let i = 0; i < 5; i++) {
      load.rerender();
      await load.settle();
    }
    expect([loads, knownAsks]).toEqual([1, 1]);
    expect(load.current).toMatchObject({ data: 'balances', loading: false, failed: false });
  });

  it('loads again for a new key and on reload', async () => {
    const asked: string[] = [];
    let asset = 'USDT';
    const load = renderHook(() =>
      useLoad(['depositAddress', asset], () => {
        asked.push(asset);
        return Promise.resolve({ ok: true as const, data: asset });
      }),
    );
    await load.settle();
    asset = 'BTC';
    load.rerender();
    await load.settle();
    load.rerender();
    await load.settle();
    await load.current.reload();
    await load.settle();
    expect(asked).toEqual(['USDT', 'BTC', 'BTC']);
    expect(load.current.data).toBe('BTC');
  });
});
