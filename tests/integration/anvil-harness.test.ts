// The local chain the deposit and withdrawal tests stand on: a real anvil node, the project's test
// USDT deployed on it, and the chain events a watcher must live with (reverted transfers, a block
// replaced by a reorg, a transaction waiting in the pool, a base fee rise), all driven on purpose.

import { type Address, erc20Abi, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, readTestUsdtArtifact, startAnvil, until } from '../support/anvil.ts';

const { abi: usdtAbi } = readTestUsdtArtifact();
/** 1 USDT in the token's atoms (six decimals). */
const usdt = 1_000_000n;

describe('a local anvil chain with the test USDT', () => {
  let anvil: Anvil;
  let token: Address;
  const stranger = privateKeyToAccount(generatePrivateKey()).address;

  beforeAll(async () => {
    anvil = await startAnvil();
    token = await anvil.deployTestUsdt();
  });
  afterAll(() => anvil?.stop());

  async function confirmed(hash: `0x${string}`) {
    return anvil.publicClient.waitForTransactionReceipt({ hash, timeout: 30_000 });
  }

  it('answers as chain 31337 and deploys a six-decimal USDT', async () => {
    expect(await anvil.publicClient.getChainId()).toBe(31337);
    const read = (functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') =>
      anvil.publicClient.readContract({ address: token, abi: erc20Abi, functionName });
    expect(await read('symbol')).toBe('USDT');
    expect(await read('name')).toBe('Test Tether USD');
    expect(await read('decimals')).toBe(6);
    expect(await read('totalSupply')).toBe(0n);
  });

  it('mints, moves ETH and tokens to a fresh address, and logs the transfer', async () => {
    const { walletClient, publicClient, account } = anvil;
    await confirmed(
      await walletClient.writeContract({
        address: token,
        abi: usdtAbi,
        functionName: 'mint',
        args: [account.address, 1_000n * usdt],
      }),
    );
    await confirmed(await walletClient.sendTransaction({ to: stranger, value: parseEther('1.5') }));
    const sent = await confirmed(
      await walletClient.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [stranger, 250n * usdt + 500_000n],
      }),
    );

    expect(await publicClient.getBalance({ address: stranger })).toBe(parseEther('1.5'));
    const balanceOf = (address: Address) =>
      publicClient.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      });
    expect(await balanceOf(stranger)).toBe(250_500_000n);
    expect(await balanceOf(account.address)).toBe(749_500_000n);

    const logs = await publicClient.getContractEvents({
      address: token,
      abi: erc20Abi,
      eventName: 'Transfer',
      args: { to: stranger },
      fromBlock: 0n,
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]?.args).toEqual({ from: account.address, to: stranger, value: 250_500_000n });
    expect(logs[0]?.blockHash).toBe(sent.blockHash);
    expect(logs[0]?.transactionHash).toBe(sent.transactionHash);
  });

  it('refuses a transfer to a blocked address, in a call and as a mined, reverted transaction', async () => {
    const { walletClient, publicClient } = anvil;
    await confirmed(
      await walletClient.writeContract({
        address: token,
        abi: usdtAbi,
        functionName: 'setBlocked',
        args: [stranger, true],
      }),
    );
    const transfer = {
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [stranger, usdt],
    } as const;
    await expect(
      publicClient.simulateContract({ ...transfer, account: anvil.account }),
    ).rejects.toThrow(/address blocked/);
    // A fixed gas limit skips the estimate, so the node mines the transfer and it reverts on chain.
    const reverted = await confirmed(
      await walletClient.writeContract({ ...transfer, gas: 100_000n }),
    );
    expect(reverted.status).toBe('reverted');
    expect(reverted.logs).toHaveLength(0);
    await confirmed(
      await walletClient.writeContract({
        address: token,
        abi: usdtAbi,
        functionName: 'setBlocked',
        args: [stranger, false],
      }),
    );
  });

  it('replaces a block through snapshot and revert, with a different hash, dropping its transaction', async () => {
    const { walletClient, publicClient } = anvil;
    const base = await publicClient.getBlockNumber();
    const mark = await anvil.snapshot();
    const first = await confirmed(await walletClient.sendTransaction({ to: stranger, value: 1n }));
    expect(first.blockNumber).toBe(base + 1n);

    await anvil.revert(mark);
    expect(await publicClient.getBlockNumber()).toBe(base);
    await expect(
      publicClient.getTransactionReceipt({ hash: first.transactionHash }),
    ).rejects.toThrow();
    const second = await confirmed(await walletClient.sendTransaction({ to: stranger, value: 2n }));
    expect(second.blockNumber).toBe(base + 1n);
    expect(second.blockHash).not.toBe(first.blockHash);
    const replaced = await publicClient.getBlock({ blockNumber: base + 1n });
    expect(replaced.hash).toBe(second.blockHash);
  });

  it('holds a transaction pending while mining is paused, and mines it on demand', async () => {
    const { walletClient, publicClient } = anvil;
    await anvil.setAutomine(false);
    try {
      const before = await publicClient.getBlockNumber();
      const hash = await walletClient.sendTransaction({ to: stranger, value: 3n });
      const pending = await publicClient.getBlock({ blockTag: 'pending' });
      expect(pending.transactions).toContain(hash);
      expect((await publicClient.getTransaction({ hash })).blockNumber).toBeNull();
      await expect(publicClient.getTransactionReceipt({ hash })).rejects.toThrow();
      expect(await publicClient.getBlockNumber()).toBe(before);

      await anvil.mine(1);
      const receipt = await publicClient.getTransactionReceipt({ hash });
      expect(receipt.blockNumber).toBe(before + 1n);
    } finally {
      await anvil.setAutomine(true);
    }
  });

  it('mines empty blocks on demand and takes the next base fee it is given', async () => {
    const { publicClient } = anvil;
    const before = await publicClient.getBlockNumber();
    await anvil.mine(3);
    expect(await publicClient.getBlockNumber()).toBe(before + 3n);
    await anvil.setNextBaseFee(50_000_000_000n);
    await anvil.mine(1);
    const block = await publicClient.getBlock();
    expect(block.baseFeePerGas).toBe(50_000_000_000n);
  });
});

describe('an anvil node with a block time', () => {
  it('mines blocks by itself, and is gone once stopped', async () => {
    const anvil = await startAnvil({ blockTime: 0.2 });
    try {
      const start = await anvil.publicClient.getBlockNumber();
      await until('two blocks mined by the interval', async () => {
        return (await anvil.publicClient.getBlockNumber()) >= start + 2n;
      });
    } finally {
      await anvil.stop();
    }
    expect(() => process.kill(anvil.pid, 0)).toThrow();
    await expect(anvil.publicClient.getBlockNumber()).rejects.toThrow();
  });
});
