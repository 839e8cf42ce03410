// The chains the wallet takes deposits and withdrawals on. The ids are part of the API
// (`chain` in deposit-address and withdraw requests), so they never change.

export const chainIds = ['BTC', 'ERC20', 'ETH', 'TRC20'] as const;
export type ChainId = (typeof chainIds)[number];

/**
 * Chains of one family share an address format and one configured extended public key:
 * an ERC-20 token and ether are paid to the same Ethereum address.
 */
export type ChainFamily = 'bitcoin' | 'ethereum' | 'tron';

export interface Chain {
  id: ChainId;
  family: ChainFamily;
  displayName: string;
  /** A syntactically valid address to show as a placeholder; taken from each format's specification. */
  addressExample: string;
}

export const chains: Readonly<Record<ChainId, Chain>> = {
  BTC: {
    id: 'BTC',
    family: 'bitcoin',
    displayName: 'Bitcoin',
    // BIP173's own P2WPKH example.
    addressExample: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  },
  ERC20: {
    id: 'ERC20',
    family: 'ethereum',
    displayName: 'Ethereum (ERC-20)',
    // EIP-55's first mixed-case example.
    addressExample: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  },
  ETH: {
    id: 'ETH',
    family: 'ethereum',
    displayName: 'Ethereum',
    addressExample: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  },
  TRC20: {
    id: 'TRC20',
    family: 'tron',
    displayName: 'Tron (TRC-20)',
    // The example address of Tron's developer documentation.
    addressExample: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  },
};

export function isChainId(value: string): value is ChainId {
  return (chainIds as readonly string[]).includes(value);
}
