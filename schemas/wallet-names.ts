// How accounts, assets and chains are named, without zod: the wallet pages read them from their
// address and draw them before any schema is loaded, and zod stays out of the UI thread.

/**
 * A user's three accounts (docs/product.md §3; transfers, §17), in screen order: funding, contract,
 * second contract.
 */
export const walletNames = ['funding', 'contract', 'option'] as const;
export type WalletName = (typeof walletNames)[number];

export const chainNames = ['TRC20', 'ERC20', 'BTC', 'ETH'] as const;
export type ChainName = (typeof chainNames)[number];

export const assetPattern = /^[A-Z0-9]{2,10}$/;

/** An asset as written in a link or a form (any case, spaces around), or null when it is none. */
export function readAsset(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const asset = value.trim().toUpperCase();
  return assetPattern.test(asset) ? asset : null;
}

/** A chain as written in a link or a form, or null when it is none of the four. */
export function readChain(value: unknown): ChainName | null {
  if (typeof value !== 'string') return null;
  const chain = value.trim().toUpperCase();
  return (chainNames as readonly string[]).includes(chain) ? (chain as ChainName) : null;
}
