// Sweeping deposit addresses into the hot wallet on a real (local) Ethereum chain: a credited USDT
// deposit on an address without ether gets its gas from the hot wallet first, then the whole token
// balance moves to the hot wallet, signed by the address's own key, and the deposit is marked with
// its sweep; the gas is not credited to the user; a restart in the middle sends no second top-up;
// an ether deposit is swept too, less its gas. One variant signs through the external signer
// service (CHAIN_SIGNER_URL), so the whole path runs with no key in the server process. Blocks come
// every half second; the test waits by polling, with a bound. Runs on the embedded database and,
// when one answers, on PostgreSQL.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Address, erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotWalletAddress } from '../../server/chain/evm/key-addresses.ts';
import { developmentKeyFile } from '../../server/chain/signer/development-key.ts';
import { FileSigner } from '../../server/chain/signer/file-signer.ts';
import {
  type SignerService,
  startSignerService,
} from '../../server/chain/signer/signer-service.ts';
import { loadConfig } from '../../server/config.ts';
import { registerUser } from '../support/accounts.ts';
import { type Anvil, chainEnv, readTestUsdtArtifact, startAnvil, until } from '../support/anvil.ts';
import { ApiClient } from '../support/api-client.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const postgres = await createTestDatabase();
const { abi: usdtAbi } = readTestUsdtArtifact();
const xpub = loadConfig({}).walletXpubs.ethereum.xpub;
const hot = hotWalletAddress(xpub);
const signerToken = 'sweeps-test-signer-token-0123456789';
const waitMs = 150_000;

interface SweepSend {
  id: number;
  purpose: 'sweep' | 'gas';
  status: string;
  asset: string;
  value: string;
  from: string;
  to: string;
  tx_hash: string | null;
  deposits: { txid: string; asset: string; amount: string }[];
}

let anvil: Anvil;
let token: Address;
beforeAll(async () => {
  anvil = await startAnvil({ blockTime: 0.5 });
  token = await anvil.deployTestUsdt();
  // The hot wallet pays the gas of token sweeps.
  const funded = await anvil.walletClient.sendTransaction({ to: hot, value: parseEther('1') });
  await anvil.publicClient.waitForTransactionReceipt({ hash: funded });
}, 120_000);
afterAll(() => anvil?.stop());

describe.each([
  ['the embedded database', 'the external signer service', undefined, 0],
  ['PostgreSQL', 'the in-process key file', postgres, 1],
] as const)('sweeping deposit addresses, on %s, signed by %s', (name, signing, database, taken) => {
  it.skipIf(name === 'PostgreSQL' && !database)(
    'tops up gas, sweeps the tokens and the ether to the hot wallet, and marks the deposits',
    async () => {
      const external = signing === 'the external signer service';
      const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-evm-sweeps-'));
      const keyDir = await mkdtemp(path.join(tmpdir(), 'meridian-signer-key-'));
      let service: SignerService | undefined;
      let server: ServerProcess | undefined;
      try {
        if (external) {
          // The key lives in this process's signer service only; the server gets its URL.
          const signer = await FileSigner.open(await developmentKeyFile(keyDir), xpub);
          service = await startSignerService({
            signer,
            accountXpub: xpub,
            token: signerToken,
            chainId: anvil.chainId,
          });
        }
        const settings = {
          ...(database ? { DATABASE_URL: database.url } : {}),
          ...(service ? { CHAIN_SIGNER_URL: service.url, CHAIN_SIGNER_TOKEN: signerToken } : {}),
          ...chainEnv(anvil, token, 2, 100),
        };
        const start = () => startServerProcess(settings, { dataDir, until: 'listening' });
        server = await start();
        const live = () => server as ServerProcess;
        const api = () => new ApiClient(live().url);
        // Each case sweeps an address of its own: the first `taken` go to someone else.
        for (let n = 0; n < taken; n++) {
          const other = await registerUser(api(), dataDir);
          await api().get(
            '/wallet/depositAddress',
            { asset: 'ETH', chain: 'ETH' },
            { token: other.token },
          );
        }
        const user = await registerUser(api(), dataDir);
        const answer = await api().get<{ address: Address }>(
          '/wallet/depositAddress',
          { asset: 'USDT', chain: 'ERC20' },
          { token: user.token },
        );
        expect(answer.body.code).toBe(200);
        const address = answer.body.data.address;
        const balances = async () => {
          const reply = await api().get<{
            balances: { wallet: string; asset: string; available: string }[];
          }>('/wallet/balances', {}, { token: user.token });
          expect(reply.body.code).toBe(200);
          return Object.fromEntries(
            reply.body.data.balances
              .filter((b) => b.wallet === 'funding')
              .map((b) => [b.asset, b.available]),
          );
        };
        const sends = async () => {
          const reply = await callOperator<{ sends: SweepSend[] }>(live(), 'chain/sweeps', {});
          expect(reply.body.ok).toBe(true);
          return reply.body.data.sends.filter((s) => s.from === address || s.to === address);
        };
        const tokensOf = (owner: Address) =>
          anvil.publicClient.readContract({
            address: token,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [owner],
          });
        const etherOf = (owner: Address) => anvil.publicClient.getBalance({ address: owner });
        const hotTokensBefore = await tokensOf(hot);

        // A USDT deposit to an address that holds (next to) no ether.
        const minted = await anvil.walletClient.writeContract({
          address: token,
          abi: usdtAbi,
          functionName: 'mint',
          args: [address, 250_000_000n],
        });
        await until('the USDT deposit credited', async () => (await balances()).USDT === '250', {
          timeoutMs: waitMs,
          intervalMs: 200,
        });
        await until(
          'the gas top-up queued',
          async () => (await sends()).some((s) => s.purpose === 'gas'),
          { timeoutMs: waitMs, intervalMs: 200 },
        );
        // A restart while the top-up is on its way: the sweeper carries on from the database.
        await live().stop();
        server = undefined;
        server = await start();

        await until(
          'the USDT sweep confirmed and its deposit marked',
          async () =>
            (await sends()).some(
              (s) =>
                s.purpose === 'sweep' &&
                s.status === 'confirmed' &&
                s.deposits.some((d) => d.txid === minted),
            ),
          { timeoutMs: waitMs, intervalMs: 200 },
        );
        const afterTokens = await sends();
        const gas = afterTokens.filter((s) => s.purpose === 'gas');
        // One top-up, of just the shortfall, from the hot wallet, confirmed before the sweep.
        expect(gas).toHaveLength(1);
        expect(gas[0]).toMatchObject({ status: 'confirmed', asset: 'ETH', from: hot, to: address });
        expect(BigInt(gas[0]?.value ?? 0)).toBeGreaterThan(0n);
        expect(BigInt(gas[0]?.value ?? 0)).toBeLessThan(parseEther('0.01'));
        const tokenSweep = afterTokens.find((s) => s.purpose === 'sweep' && s.asset === 'USDT');
        expect(tokenSweep).toMatchObject({
          status: 'confirmed',
          from: address,
          to: hot,
          value: '250000000',
        });
        expect(tokenSweep?.id).toBeGreaterThan(gas[0]?.id ?? 0);
        expect(tokenSweep?.deposits).toEqual([
          {
            id: expect.any(Number),
            chain: 'ERC20',
            txid: minted,
            log_index: expect.any(Number),
            asset: 'USDT',
            amount: '250',
          },
        ]);
        expect(await tokensOf(address)).toBe(0n);
        expect((await tokensOf(hot)) - hotTokensBefore).toBe(250_000_000n);
        // The gas is the platform's own ether: not a deposit of the user's.
        expect(await balances()).toEqual({ USDT: '250' });

        // An ether deposit is swept less the gas it costs.
        const hotEtherBefore = await etherOf(hot);
        const paid = await anvil.walletClient.sendTransaction({
          to: address,
          value: parseEther('0.5'),
        });
        await until(
          'the ETH sweep confirmed and its deposit marked',
          async () =>
            (await sends()).some(
              (s) =>
                s.purpose === 'sweep' &&
                s.asset === 'ETH' &&
                s.status === 'confirmed' &&
                s.deposits.some((d) => d.txid === paid),
            ),
          { timeoutMs: waitMs, intervalMs: 200 },
        );
        const etherSweep = (await sends()).find((s) => s.purpose === 'sweep' && s.asset === 'ETH');
        expect(etherSweep).toMatchObject({ from: address, to: hot });
        const swept = BigInt(etherSweep?.value ?? 0);
        expect(swept).toBeGreaterThan(parseEther('0.49'));
        expect((await etherOf(hot)) - hotEtherBefore).toBe(swept);
        expect(await etherOf(address)).toBeLessThan(parseEther('0.01'));
        expect(await balances()).toEqual({ ETH: '0.5', USDT: '250' });
        expect((await sends()).filter((s) => s.purpose === 'gas')).toHaveLength(1);

        const status = await callOperator<{ signer: string }>(live(), 'chain/status', {});
        expect(status.body.data.signer).toBe(external ? 'external' : 'file');
        if (external) {
          // No key was read or written by the server: its data directory holds none.
          expect(await readdir(dataDir)).not.toContain('signer');
        }
        const unswept = await callOperator<{ unswept: unknown[] }>(live(), 'chain/sweeps', {});
        expect(unswept.body.data.unswept).toEqual([]);
        const check = await callOperator<{ ok: boolean }>(live(), 'ledger/check', {});
        expect(check.body.data.ok).toBe(true);
      } finally {
        await server?.stop();
        await service?.close();
        await rm(dataDir, { recursive: true, force: true });
        await rm(keyDir, { recursive: true, force: true });
        await database?.drop();
      }
    },
    400_000,
  );
});
