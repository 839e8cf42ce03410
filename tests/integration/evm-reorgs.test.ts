// Reorganisations of a real Ethereum chain under the deposit watcher: a local anvil node's chain is
// rolled back (`snapshot`/`revert`) and grown again without, or with, a user's payment. A payment
// whose block was replaced before its confirmations shows `dropped` and is never credited; one
// replaced and mined again in the new chain is credited once; one replaced after it was credited
// (here while the server was down, so the restarted watcher finds it by the same comparison) is an
// incident the operator sees with `chain incidents` and resolves, and no balance changes, even for
// a USDT transfer mined again at another log index. Waits are bounded polls. Runs on the embedded database and, when one answers, on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
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
const required = 3;
const { abi: usdtAbi } = readTestUsdtArtifact();
/** Anvil's second dev account (public knowledge): a token holder whose transfer shifts log indexes. */
const holder = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
);

type Deposit = z.infer<typeof depositSchema>;
interface Incident {
  id: number;
  chain: string;
  kind: string;
  block_number: string | null;
  details: {
    key: string;
    deposits: { txid: string; amount: string }[];
    replaced: { number: string; old_hash: string; new_hash: string }[];
    resolution?: string;
  };
  resolved_at: string | null;
}

let anvil: Anvil;
let token: Address;
beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployTestUsdt();
  const minted = await anvil.walletClient.writeContract({
    address: token,
    abi: usdtAbi,
    functionName: 'mint',
    args: [holder.address, 1_000_000_000n],
  });
  await anvil.publicClient.waitForTransactionReceipt({ hash: minted });
}, 120_000);
afterAll(() => anvil?.stop());

describe.each([
  ['the embedded database', undefined],
  ['PostgreSQL', postgres],
] as const)('reorganisations under the Ethereum watcher, on %s', (name, database) => {
  it.skipIf(name === 'PostgreSQL' && !database)(
    'drops a replaced payment, credits a re-mined one once, and raises an incident for a credited one',
    async () => {
      // Blocks of an earlier case lie outside this server's first window of blocks.
      await anvil.mine(required + 5);
      const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-evm-reorgs-'));
      const settings = {
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...chainEnv(anvil, token, required),
      };
      const start = () => startServerProcess(settings, { dataDir, until: 'listening' });
      let server: ServerProcess | undefined;
      try {
        server = await start();
        const running = () => server as ServerProcess;
        const api = () => new ApiClient(running().url);
        const user = await registerUser(api(), dataDir);
        const answer = await api().get<{ address: Address }>(
          '/wallet/depositAddress',
          { asset: 'ETH', chain: 'ETH' },
          { token: user.token },
        );
        const address = answer.body.data.address;
        const deposits = async () => {
          const list = await api().get<{ list: Deposit[] }>(
            '/wallet/deposits',
            { page: '1', size: '20' },
            { token: user.token },
          );
          expect(list.body.code).toBe(200);
          return list.body.data.list;
        };
        const depositOf = async (txid: Hex) => (await deposits()).find((d) => d.txid === txid);
        const seen = (txid: Hex, what: string, check: (deposit: Deposit) => boolean) =>
          until(`the deposit ${what}`, async () => {
            const deposit = await depositOf(txid);
            return deposit !== undefined && check(deposit);
          });
        const balanceOf = async (asset: string) => {
          const balances = await api().get<{
            balances: { wallet: string; asset: string; available: string }[];
          }>('/wallet/balances', {}, { token: user.token });
          return balances.body.data.balances.find(
            (b) => b.wallet === 'funding' && b.asset === asset,
          )?.available;
        };
        const ethBalance = () => balanceOf('ETH');
        const usdtAddress = await api().get<{ address: Address }>(
          '/wallet/depositAddress',
          { asset: 'USDT', chain: 'ERC20' },
          { token: user.token },
        );
        expect(usdtAddress.body.data.address).toBe(address);
        const signedPayment = async (ether: string) => {
          const request = await anvil.walletClient.prepareTransactionRequest({
            to: address,
            value: parseEther(ether),
          });
          return anvil.walletClient.signTransaction(request);
        };
        const mined = async (raw: Hex) => {
          const hash = await anvil.publicClient.sendRawTransaction({ serializedTransaction: raw });
          await anvil.publicClient.waitForTransactionReceipt({ hash });
          return hash;
        };

        // 1. Paid, seen confirming, then its block is replaced by a chain without it: dropped.
        const beforeFirst = await anvil.snapshot();
        const dropped = await mined(await signedPayment('0.5'));
        await seen(dropped, 'confirming at 1', (d) => d.status === 'confirming');
        await anvil.revert(beforeFirst);
        await anvil.mine(2);
        await seen(dropped, 'dropped', (d) => d.status === 'dropped');
        // The node may answer the shorter chain first (the receipt gone: dropped at once), then
        // the longer one, whose replaced block the watcher finds by the hashes.
        await until('the reorganisation found', () =>
          running().logged('chain reorganisation: reading again from the common ancestor'),
        );

        // 2. Paid, seen, its block replaced, and the same transaction mined again a block later:
        // confirming again from its new block, and credited once.
        const beforeSecond = await anvil.snapshot();
        const raw = await signedPayment('0.25');
        const moved = await mined(raw);
        await seen(moved, 'confirming at 1', (d) => d.status === 'confirming');
        const firstBlock = await anvil.publicClient.getTransactionReceipt({ hash: moved });
        await anvil.revert(beforeSecond);
        await anvil.mine(1);
        expect(await mined(raw)).toBe(moved);
        const secondBlock = await anvil.publicClient.getTransactionReceipt({ hash: moved });
        expect(secondBlock.blockNumber).toBe(firstBlock.blockNumber + 1n);
        await anvil.mine(required);
        await seen(moved, 'credited', (d) => d.status === 'credited');
        expect(await ethBalance()).toBe('0.25');
        expect((await deposits()).filter((d) => d.txid === moved)).toHaveLength(1);
        expect(await depositOf(dropped)).toMatchObject({ status: 'dropped', credited_at: null });

        // 3. Ether and USDT paid and credited, then, while the server is down, replaced by a
        // longer chain without the ether and with the USDT mint behind another token transfer in
        // its block (so at another log index): the restarted watcher raises an incident, takes
        // nothing back, and does not credit the USDT a second time.
        const beforeThird = await anvil.snapshot();
        const mintRaw = await anvil.walletClient.signTransaction(
          await anvil.walletClient.prepareTransactionRequest({
            to: token,
            data: encodeFunctionData({
              abi: usdtAbi,
              functionName: 'mint',
              args: [address, 40_000_000n],
            }),
            gas: 100_000n,
          }),
        );
        const tokens = await mined(mintRaw);
        const credited = await mined(await signedPayment('1'));
        await anvil.mine(required - 1);
        await seen(credited, 'credited', (d) => d.status === 'credited');
        await seen(tokens, 'credited', (d) => d.status === 'credited');
        expect(await ethBalance()).toBe('1.25');
        expect(await balanceOf('USDT')).toBe('40');
        await running().stop();
        server = undefined;
        await anvil.revert(beforeThird);
        await anvil.setAutomine(false);
        const holderWallet = createWalletClient({
          account: holder,
          chain: anvil.chain,
          transport: http(anvil.url),
        });
        await holderWallet.writeContract({
          address: token,
          abi: usdtAbi,
          functionName: 'transfer',
          args: [anvil.account.address, 1_000_000n],
          gas: 100_000n,
          maxFeePerGas: parseEther('0.0000005'),
          maxPriorityFeePerGas: parseEther('0.0000001'),
        });
        await anvil.publicClient.sendRawTransaction({ serializedTransaction: mintRaw });
        await anvil.mine(1);
        await anvil.setAutomine(true);
        const remined = await anvil.publicClient.getTransactionReceipt({ hash: tokens });
        expect(remined.logs[0]?.logIndex).toBeGreaterThan(0);
        await anvil.mine(required + 2);
        server = await start();
        const incidents = async (status?: string) => {
          const listed = await callOperator<{ incidents: Incident[] }>(
            running(),
            'chain/incidents',
            status ? { status } : {},
          );
          expect(listed.body.ok).toBe(true);
          // The sweeper may meanwhile find the unfunded hot wallet short of gas for this user's
          // deposits, an incident of its own; this test is about the reorganisation's.
          return listed.body.data.incidents.filter((found) => found.kind === 'deep_reorg');
        };
        await until('the deep reorganisation incident', async () => (await incidents()).length > 0);
        const [incident] = await incidents();
        expect(incident).toMatchObject({ chain: 'ETH', kind: 'deep_reorg', resolved_at: null });
        expect(incident?.details.deposits).toHaveLength(2);
        expect(incident?.details.deposits).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ txid: tokens, amount: expect.stringMatching(/^40(\.0+)?$/) }),
            expect.objectContaining({
              txid: credited,
              amount: expect.stringMatching(/^1(\.0+)?$/),
            }),
          ]),
        );
        const lowest = incident?.details.replaced[0];
        expect(lowest?.old_hash).not.toBe(lowest?.new_hash);
        expect(incident?.details.key).toBe(`${lowest?.number}:${lowest?.old_hash}`);
        // Later rounds read on (a new payment is seen), and raise it no second time.
        const after = await mined(await signedPayment('0.1'));
        await seen(after, 'confirming', (d) => d.status === 'confirming');
        expect(await incidents()).toHaveLength(1);
        expect(await ethBalance()).toBe('1.25');
        expect(await depositOf(credited)).toMatchObject({ status: 'credited' });
        await until('the moved USDT transfer seen', () =>
          running().logged(
            'a credited token transfer found again at another log index is not credited again',
          ),
        );
        expect((await deposits()).filter((d) => d.txid === tokens)).toEqual([
          expect.objectContaining({ status: 'credited' }),
        ]);
        expect(await balanceOf('USDT')).toBe('40');

        const note = 'checked with the node operator; user contacted';
        const resolved = await callOperator<Incident>(running(), 'chain/incident/resolve', {
          id: String(incident?.id),
          note,
        });
        expect(resolved.body).toMatchObject({ ok: true, data: { id: incident?.id } });
        expect(resolved.body.data.resolved_at).not.toBeNull();
        expect(await incidents()).toEqual([]);
        const all = await incidents('all');
        expect(all).toHaveLength(1);
        expect(all[0]?.details.resolution).toBe(note);
        const again = await callOperator(running(), 'chain/incident/resolve', {
          id: String(incident?.id),
          note,
        });
        expect(again.status).toBe(409);
        expect(again.body.error).toBe(`no open chain incident ${incident?.id}`);

        const check = await callOperator<{ ok: boolean }>(running(), 'ledger/check', {});
        expect(check.body.data.ok).toBe(true);
      } finally {
        await server?.stop();
        await rm(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    },
    300_000,
  );
});
