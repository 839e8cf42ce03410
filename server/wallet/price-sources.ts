// Prices of assets no spot market quotes, from the products that know one: a subscription's token
// before it is listed is worth its pre-sale price. The wallet values balances without importing
// any product (docs/architecture.md): a product adds a source for the app it is built into, keyed
// by the app's market service, the one object every module of an app is given as it is (an engine
// module's database handle is fenced by the lease, so it is another object than the others').

/** Where a price came from, as the asset center marks it. */
export type PriceBasis = 'index' | 'presale';

/** A price in USDT atoms (10⁻⁸) and its basis. */
export interface SourcedPrice {
  price: bigint;
  basis: Exclude<PriceBasis, 'index'>;
}

/** Asks a product for the prices it knows of `assets`; an asset it knows nothing of is left out. */
export type PriceSource = (assets: readonly string[]) => Promise<ReadonlyMap<string, SourcedPrice>>;

const sourcesByApp = new WeakMap<object, PriceSource[]>();

/** The price sources of the app whose market service is `app`. */
export function priceSources(app: object): {
  add(source: PriceSource): void;
  pricesOf(assets: readonly string[]): Promise<Map<string, SourcedPrice>>;
} {
  let sources = sourcesByApp.get(app);
  if (!sources) {
    sources = [];
    sourcesByApp.set(app, sources);
  }
  const list = sources;
  return {
    add: (source) => {
      list.push(source);
    },
    // The first source that knows an asset prices it.
    pricesOf: async (assets) => {
      const found = new Map<string, SourcedPrice>();
      if (assets.length === 0) return found;
      for (const source of list) {
        const missing = assets.filter((asset) => !found.has(asset));
        if (missing.length === 0) break;
        for (const [asset, price] of await source(missing)) {
          if (!found.has(asset)) found.set(asset, price);
        }
      }
      return found;
    },
  };
}
