// Deposits from a real Ethereum chain: a server whose watcher reads a local anvil node sees ether
// and the test USDT paid into a user's deposit addresses, shows each deposit confirming with its
// count, and credits it exactly once when it reaches the required confirmations. A restart in the
// middle resumes from the saved cursor and credits nothing twice. Blocks are mined on purpose
// (automine and `mine(n)`), so every count is exact; the test waits by polling, with a bound.
// Runs on the embedded database and, when one answers, on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Address, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { depositSchema } from '../../schemas/api/wallet.schema.ts';
import { registerUser } from '../support/accounts.ts';
import { type Anvil, chainEnv, readTestUsdtArtifact, startAnvil, until } from '../support/anvil.ts';
import { ApiClient } from '../support/api-client.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const postgres = await createTestDatabase();
const { abi: usdtAbi } = readTestUsdtArtifact();
const required = 3;

type Deposit = z.infer<typeof depositSchema>;

let anvil: Anvil;
let token: Address;
beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployTestUsdt();
}, 120_000);
afterAll(() => anvil?.stop());

describe.each([
  ['the embedded database', undefined],
  ['PostgreSQL', postgres],
] as const)('deposits from an Ethereum chain, on %s', (name, database) => {
  it.skipIf(name === 'PostgreSQL' && !database)(
    'shows ETH and USDT deposits confirming, then credits each once, across a restart',
    async () => {
      // Blocks of an earlier case lie outside this server's first window of blocks.
      await anvil.mine(required + 5);
      const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-evm-deposits-'));
      const settings = {
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...chainEnv(anvil, token, required),
        // Not swept here: a sweep's transaction would mine a block and move every count.
        CHAIN_EVM_SWEEP_MIN_ETH: '1000000',
        CHAIN_EVM_SWEEP_MIN_USDT: '1000000000',
      };
      const start = () => startServerProcess(settings, { dataDir, until: 'listening' });
      let server: ServerProcess | undefined;
      try {
        server = await start();
        const user = await registerUser(new ApiClient(server.url), dataDir);
        const api = () => new ApiClient((server as ServerProcess).url);
        const addressOf = async (asset: string, chain: string) => {
          const answer = await api().get<{ address: Address }>(
            '/wallet/depositAddress',
            { asset, chain },
            { token: user.token },
          );
          expect(answer.body.code).toBe(200);
          return answer.body.data.address;
        };
        const deposits = async () => {
          const answer = await api().get<{ list: Deposit[] }>(
            '/wallet/deposits',
            { page: '1', size: '20' },
            { token: user.token },
          );
          expect(answer.body.code).toBe(200);
          // Newest first: the first deposit of each asset is its newest.
          return Object.fromEntries(answer.body.data.list.reverse().map((d) => [d.asset, d]));
        };
        const balances = async () => {
          const answer = await api().get<{
            balances: { wallet: string; asset: string; available: string }[];
          }>('/wallet/balances', {}, { token: user.token });
          expect(answer.body.code).toBe(200);
          return Object.fromEntries(
            answer.body.data.balances
              .filter((b) => b.wallet === 'funding')
              .map((b) => [b.asset, b.available]),
          );
        };
        const seen = (asset: string, confirmations: number, status: Deposit['status']) =>
          until(`the ${asset} deposit ${status} at ${confirmations}`, async () => {
            const deposit = (await deposits())[asset];
            return deposit?.confirmations === confirmations && deposit.status === status;
          });

        const ethAddress = await addressOf('ETH', 'ETH');
        const usdtAddress = await addressOf('USDT', 'ERC20');
        // One Ethereum address takes both: the ERC20 chain shares the ETH chain's address, and
        // the family's numbering, so another user asking in the other order gets another one.
        expect(usdtAddress).toBe(ethAddress);
        const other = await registerUser(api(), dataDir);
        const theirs = await Promise.all(
          ['ERC20', 'ETH'].map(async (chain) => {
            const answer = await api().get<{ address: Address }>(
              '/wallet/depositAddress',
              { asset: chain === 'ETH' ? 'ETH' : 'USDT', chain },
              { token: other.token },
            );
            return answer.body.data?.address;
          }),
        );
        expect(theirs[0]).toMatch(/^0x[0-9a-fA-F]{40}$/);
        expect(theirs[1]).toBe(theirs[0]);
        expect(theirs[0]).not.toBe(ethAddress);
        // Automine: the ether in one block, the USDT in the next.
        const paid = await anvil.walletClient.sendTransaction({
          to: ethAddress,
          value: parseEther('1.5'),
        });
        await anvil.publicClient.waitForTransactionReceipt({ hash: paid });
        const minted = await anvil.walletClient.writeContract({
          address: token,
          abi: usdtAbi,
          functionName: 'mint',
          args: [usdtAddress, 250_000_000n],
        });
        await anvil.publicClient.waitForTransactionReceipt({ hash: minted });

        await seen('ETH', 2, 'confirming');
        await seen('USDT', 1, 'confirming');
        const confirming = await deposits();
        expect(confirming.ETH).toMatchObject({
          chain: 'ETH',
          txid: paid,
          address: ethAddress,
          amount: '1.5',
          required_confirmations: required,
        });
        expect(confirming.USDT).toMatchObject({
          chain: 'ERC20',
          txid: minted,
          address: usdtAddress,
          amount: '250',
          required_confirmations: required,
        });
        expect(await balances()).not.toHaveProperty('ETH');

        // Down for a block: the restarted watcher resumes from its cursor and credits the ether.
        await server.stop();
        server = undefined;
        await anvil.mine(1);
        server = await start();
        await seen('ETH', 3, 'credited');
        await seen('USDT', 2, 'confirming');
        expect(await balances()).toMatchObject({ ETH: '1.5' });
        expect(await balances()).not.toHaveProperty('USDT');

        await anvil.mine(1);
        await seen('USDT', 3, 'credited');
        // A later payment is seen in a later round; the credited ones are not credited again.
        await anvil.mine(4);
        const again = await anvil.walletClient.sendTransaction({
          to: ethAddress,
          value: parseEther('0.25'),
        });
        await anvil.publicClient.waitForTransactionReceipt({ hash: again });
        await until('the second ether deposit', async () => (await deposits()).ETH?.txid === again);
        expect(await balances()).toMatchObject({ ETH: '1.5', USDT: '250' });
        const answer = await api().get<{ list: Deposit[] }>(
          '/wallet/deposits',
          { page: '1', size: '20' },
          { token: user.token },
        );
        expect(answer.body.data.list.map((d) => [d.asset, d.status])).toEqual([
          ['ETH', 'confirming'],
          ['USDT', 'credited'],
          ['ETH', 'credited'],
        ]);
        const check = await callOperator<{ ok: boolean }>(server, 'ledger/check', {});
        expect(check.body.data.ok).toBe(true);
      } finally {
        await server?.stop();
        await rm(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    },
    240_000,
  );
});

describe('an Ethereum node on another network', () => {
  it('is refused: the watcher reads nothing from it and says why', async () => {
    const server = await startServerProcess(
      { CHAIN_EVM_RPC_URL: anvil.url, CHAIN_EVM_CHAIN_ID: '1', CHAIN_EVM_POLL_MS: '50' },
      { until: 'listening' },
    );
    try {
      const refused = await server.waitForLog('the Ethereum deposit watcher does not run');
      expect(String((refused.err as { message?: string })?.message)).toContain(
        `the Ethereum node is on chain ${anvil.chainId}, CHAIN_EVM_CHAIN_ID is 1`,
      );
      expect(server.logged('the Ethereum deposit watcher did not run this time')).toBe(false);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
