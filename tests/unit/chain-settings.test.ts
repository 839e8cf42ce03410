// The real chains' settings: off unless an Ethereum node is named, defaults as documented, a bad
// value refused with its variable; and on-chain integers read as the ledger's eight decimals.
import { describe, expect, it } from 'vitest';
import { ledgerAmount } from '../../server/chain/evm/evm-amounts.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('chain settings', () => {
  it('leave the watcher off without an RPC URL', () => {
    expect(loadConfig({}).chain).toEqual({
      evm: null,
      explorerTxUrl: undefined,
      signerKeyFile: undefined,
      reconcileMs: 3_600_000,
      proofOfReservesMs: 86_400_000,
    });
  });

  it('read the node, the contract and the confirmations', () => {
    const config = loadConfig({
      CHAIN_EVM_RPC_URL: 'http://127.0.0.1:8545',
      CHAIN_EVM_CHAIN_ID: '31337',
      CHAIN_EVM_USDT_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      CHAIN_EVM_CONFIRMATIONS_USDT: '6',
      CHAIN_EXPLORER_TX_URL: 'https://etherscan.io/tx/{txid}',
    });
    expect(config.chain).toEqual({
      evm: {
        rpcUrl: 'http://127.0.0.1:8545',
        chainId: 31337,
        usdtAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        confirmationsEth: 12,
        confirmationsUsdt: 6,
        pollMs: 2000,
        replaceAfterMs: 120_000,
        sweepMin: { ETH: '0.01', USDT: '10' },
      },
      explorerTxUrl: 'https://etherscan.io/tx/{txid}',
      signerKeyFile: undefined,
      reconcileMs: 3_600_000,
      proofOfReservesMs: 86_400_000,
    });
  });

  it.each([
    ['CHAIN_EVM_RPC_URL', 'ws://127.0.0.1:8545'],
    ['CHAIN_EVM_USDT_ADDRESS', '0x1234'],
    ['CHAIN_EVM_CONFIRMATIONS_ETH', '0'],
    ['CHAIN_EVM_POLL_MS', '10'],
    ['CHAIN_EXPLORER_TX_URL', 'https://etherscan.io/tx/'],
    ['CHAIN_EVM_SWEEP_MIN_USDT', '1.0000001'],
    ['CHAIN_EVM_REPLACE_AFTER_MS', '5'],
  ])('refuse a bad %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

describe('ledger amounts of on-chain integers', () => {
  it('keep eight decimals of ether, dropping smaller wei', () => {
    expect(ledgerAmount(1_500_000_000_000_000_000n, 18)).toBe('1.5');
    expect(ledgerAmount(123_456_789_123_456_789n, 18)).toBe('0.12345678');
    expect(ledgerAmount(9_999_999_999n, 18)).toBeNull();
    expect(ledgerAmount(0n, 18)).toBeNull();
  });

  it('keep six-decimal USDT whole', () => {
    expect(ledgerAmount(250_000_001n, 6)).toBe('250.000001');
    expect(ledgerAmount(0n, 6)).toBeNull();
  });
});
