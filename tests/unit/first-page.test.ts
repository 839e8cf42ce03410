// Which page the app starts loading before its first render: the path of the hash URL.
import { describe, expect, it } from 'vitest';
import { hashPath } from '../../src/routes/first-page.ts';
import { routeTable } from '../../src/routes/route-table.ts';

describe('the first page', () => {
  it.each([
    ['', '/'],
    ['#', '/'],
    ['#/', '/'],
    ['#/pages/spot/trade?symbol=BTCUSDT', '/pages/spot/trade'],
    ['#/login?redirect=%2Fpages%2Fassets%2Findex', '/login'],
    ['#/pages/article/detail#top', '/pages/article/detail'],
  ])('reads %j as %j', (hash, path) => {
    expect(hashPath(hash)).toBe(path);
  });

  it('finds every page of the table from its address with a query', () => {
    for (const route of routeTable) {
      expect(routeTable.find((entry) => entry.path === hashPath(`#${route.path}?a=1`))).toBe(route);
    }
  });
});
