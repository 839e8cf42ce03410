// Reconciliation of on-chain holdings with the ledger, and the proof of reserves that publishes
// them, on a server reading a local anvil node, on the embedded database and (when one answers)
// PostgreSQL: after real ETH (with wei below the ledger's eighth decimal) and USDT deposits,
// `chain reconcile` leaves nothing unexplained; tokens sent straight to the hot wallet from
// outside are named unexplained, a simulated-chain deposit is named as such and leaves the
// holdings short, which the scheduled reconciliation warns of; the scheduled proof of reserves
// publishes the holdings with their addresses and block. With the development key signing, after
// the ether is swept, the token's sweep paid for by a gas top-up, and an ETH and a USDT withdrawal
// confirmed, the withdrawal fees, the gas and the dust name the whole difference. Without a real
// chain, a snapshot says it has no holdings and the reconciliation is refused with the reason.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { type Address, parseEther } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotWalletAddress } from '../../server/chain/evm/key-addresses.ts';
import { systemClock } from '../../server/clock.ts';
import { resolveWalletXpubs } from '../../server/wallet/addresses/derive.ts';
import { lastCodeFor, registerUser } from '../support/accounts.ts';
import { type Anvil, chainEnv, readTestUsdtArtifact, startAnvil, until } from '../support/anvil.ts';
import { ApiClient } from '../support/api-client.ts';
import { startInProcessServer } from '../support/in-process-server.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { type ReopenedServer, startReopenedServer } from '../support/reopened-server.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { storeWithdrawCode, withoutWithdrawHolds } from '../support/withdraw-proof.ts';

const postgres = await createTestDatabase();
const { abi: usdtAbi } = readTestUsdtArtifact();
const tradePassword = '246810';

interface AssetReport {
  asset: string;
  holdings: { total: string; hot_wallet: string; deposit_addresses: string };
  liabilities: { users: string; withdrawals_in_flight: string; total: string };
  difference: string;
  covered: boolean;
  known: { name: string; amount: string; what: string }[];
  dust: string;
  dust_bound: string;
  unexplained: string;
}
interface Report {
  ok: boolean;
  network: string;
  block_number: string;
  assets: AssetReport[];
}
interface Holdings {
  network: string;
  block_number: string;
  addresses_read: number;
  assets: Record<
    string,
    { total: string; addresses: { address: string; kind: string; amount: string }[] }
  >;
}

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
] as const)('reconciliation with an Ethereum chain, on %s', (name, database) => {
  it.skipIf(name === 'PostgreSQL' && !database)(
    'explains every difference after real deposits, and names the ones made on purpose',
    async () => {
      await anvil.mine(5);
      // A key of its own, so this case's addresses hold nothing of another case on the same node.
      const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;
      const hotWallet = hotWalletAddress(xpub);
      const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-evm-reconcile-'));
      let server: ServerProcess | undefined;
      try {
        server = await startServerProcess(
          {
            ...(database ? { DATABASE_URL: database.url } : {}),
            WALLET_XPUB_ETH: xpub,
            ...chainEnv(anvil, token, 1),
            CHAIN_RECONCILE_MS: '1000',
            CHAIN_POR_MS: '1000',
          },
          { dataDir, until: 'listening' },
        );
        const running = server;
        const api = new ApiClient(running.url);
        const user = await registerUser(api, dataDir);
        const reconcile = async () => {
          const answer = await callOperator<Report>(running, 'chain/reconcile', {});
          expect(answer.body.ok, JSON.stringify(answer.body)).toBe(true);
          return answer.body.data;
        };
        const assetOf = (report: Report, asset: string) =>
          report.assets.find((entry) => entry.asset === asset) as AssetReport;
        const line = (report: AssetReport, name: string) =>
          report.known.find((entry) => entry.name === name)?.amount;

        const answer = await api.get<{ address: Address }>(
          '/wallet/depositAddress',
          { asset: 'ETH', chain: 'ETH' },
          { token: user.token },
        );
        const address = answer.body.data.address;
        // 123 wei the ledger cannot keep ride along with the ether.
        const paid = await anvil.walletClient.sendTransaction({
          to: address,
          value: parseEther('1.5') + 123n,
        });
        await anvil.publicClient.waitForTransactionReceipt({ hash: paid });
        const minted = await anvil.walletClient.writeContract({
          address: token,
          abi: usdtAbi,
          functionName: 'mint',
          args: [address, 250_000_000n],
        });
        const mintedIn = (await anvil.publicClient.waitForTransactionReceipt({ hash: minted }))
          .blockNumber;
        await until(
          'both deposits credited',
          async () => {
            const balances = await api.get<{ balances: { asset: string; available: string }[] }>(
              '/wallet/balances',
              {},
              { token: user.token },
            );
            const held = Object.fromEntries(
              balances.body.data.balances.map((row) => [row.asset, row.available]),
            );
            return held.ETH === '1.5' && held.USDT === '250';
          },
          { timeoutMs: 60_000 },
        );

        let clean = await reconcile();
        // The watcher credits a batch's deposits, then moves its cursor: read when both are done.
        await until('the reconciliation at the deposits’ block', async () => {
          clean = await reconcile();
          return BigInt(clean.block_number) >= mintedIn;
        });
        expect(clean.ok, JSON.stringify(clean, null, 1)).toBe(true);
        expect(clean.network).toBe('ethereum');
        const eth = assetOf(clean, 'ETH');
        // Sweeps, if they run, move it between the exchange's own addresses and pay gas, which
        // the report names: the total is the liabilities, the named lines and the dust.
        expect(eth.liabilities).toEqual({ users: '1.5', withdrawals_in_flight: '0', total: '1.5' });
        expect(eth.dust).toBe('0.000000000000000123');
        expect(eth.unexplained).toBe('0');
        const usdt = assetOf(clean, 'USDT');
        expect(usdt.holdings.total).toBe('250');
        expect(usdt.liabilities.total).toBe('250');
        expect(usdt.difference).toBe('0');
        expect(usdt.unexplained).toBe('0');

        // The scheduled proof publishes what was read, where and when.
        let published: Holdings | null = null;
        await until(
          'a scheduled snapshot with holdings',
          async () => {
            const proof = await api.get<{ holdings: Holdings | null; root: { totals: object } }>(
              '/wallet/reserveProof',
              {},
              { token: user.token },
            );
            if (proof.body.code !== 200) return false;
            published = proof.body.data.holdings;
            return published?.assets.USDT?.total === '250';
          },
          { timeoutMs: 60_000 },
        );
        const holdings = published as unknown as Holdings;
        expect(holdings.network).toBe('ethereum');
        expect(Number(holdings.block_number)).toBeGreaterThan(0);
        expect(holdings.addresses_read).toBeGreaterThanOrEqual(2);
        const usdtAddresses = holdings.assets.USDT?.addresses ?? [];
        expect(usdtAddresses.map((entry) => entry.address).sort()).toEqual(
          [address, hotWallet].filter((candidate) =>
            usdtAddresses.some((entry) => entry.address === candidate),
          ),
        );
        expect(
          usdtAddresses.reduce((sum, entry) => sum + BigInt(entry.amount) * 1_000_000n, 0n),
        ).toBe(250_000_000n);
        expect(holdings.assets.ETH?.total).toMatch(/^\d+\.\d+$/);

        // On purpose: 7 USDT straight into the hot wallet, and 2 ETH through the simulated chain.
        const gift = await anvil.walletClient.writeContract({
          address: token,
          abi: usdtAbi,
          functionName: 'mint',
          args: [hotWallet, 7_000_000n],
        });
        await anvil.publicClient.waitForTransactionReceipt({ hash: gift });
        const simulated = await callOperator(running, 'deposit', {
          account: user.account,
          asset: 'ETH',
          amount: '2',
        });
        expect(simulated.body.ok, JSON.stringify(simulated.body)).toBe(true);
        let skewed = clean;
        await until('the reconciliation past the gift', async () => {
          skewed = await reconcile();
          return assetOf(skewed, 'USDT').unexplained !== '0';
        });
        expect(skewed.ok).toBe(false);
        expect(assetOf(skewed, 'USDT')).toMatchObject({
          holdings: { total: '257' },
          difference: '7',
          covered: true,
          unexplained: '7',
        });
        const shortEth = assetOf(skewed, 'ETH');
        expect(line(shortEth, 'simulated_and_other_chains')).toBe('-2');
        expect(shortEth.liabilities.users).toBe('3.5');
        expect(shortEth.covered).toBe(false);
        expect(shortEth.unexplained).toBe('0');
        // The schedule says so too.
        const warned = await running.waitForLog(
          "on-chain holdings are below the ledger's liabilities",
        );
        expect(warned.short).toEqual(['ETH']);
        await running.waitForLog('the reconciliation has an unexplained difference');

        const check = await callOperator<{ ok: boolean }>(running, 'ledger/check', {});
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

describe.each([
  ['the embedded database', undefined],
  ['PostgreSQL', postgres],
] as const)('reconciliation after sweeps and withdrawals, on %s', (name, database) => {
  it.skipIf(name === 'PostgreSQL' && !database)(
    'leaves nothing unexplained: fees earned, gas paid and the dust name the whole difference',
    async () => {
      // A node of its own: the development key's addresses are this case's alone.
      const node = await startAnvil();
      let server: ReopenedServer | undefined;
      const database2 = name === 'PostgreSQL' ? await createTestDatabase() : undefined;
      try {
        const usdt = await node.deployTestUsdt();
        const hot = hotWalletAddress(resolveWalletXpubs({}).ethereum.xpub);
        server = await startReopenedServer(
          systemClock,
          {
            CHAIN_EVM_RPC_URL: node.url,
            CHAIN_EVM_CHAIN_ID: String(node.chainId),
            CHAIN_EVM_USDT_ADDRESS: usdt,
            CHAIN_EVM_CONFIRMATIONS_ETH: '1',
            CHAIN_EVM_CONFIRMATIONS_USDT: '1',
            CHAIN_EVM_POLL_MS: '100',
            CHAIN_RECONCILE_MS: '0',
            CHAIN_POR_MS: '0',
            LIQUIDITY_PROVIDER: 'false',
            ...withoutWithdrawHolds,
          },
          database2?.url,
        );
        const running = server;
        const api = () => new ApiClient(running.url);
        const user = await registerUser(api(), running.dataDir);
        await api().post('/security/sendCode', { type: 'email' }, { token: user.token });
        const code = await lastCodeFor(running.dataDir, user.account);
        const set = await api().post(
          '/security/payPwd',
          { password: tradePassword, repassword: tradePassword, code },
          { token: user.token },
        );
        expect(set.body.code).toBe(200);
        const address = (
          await api().get<{ address: Address }>(
            '/wallet/depositAddress',
            { asset: 'ETH', chain: 'ETH' },
            { token: user.token },
          )
        ).body.data.address;
        const usdtOf = (holder: Address) =>
          node.publicClient.readContract({
            address: usdt,
            abi: usdtAbi,
            functionName: 'balanceOf',
            args: [holder],
          }) as Promise<bigint>;
        const mineUntil = (what: string, check: () => Promise<boolean>) =>
          until(
            what,
            async () => {
              if (await check()) return true;
              await node.mine(1);
              return false;
            },
            { timeoutMs: 120_000, intervalMs: 200 },
          );

        // Ether first, swept to the hot wallet, which then pays the gas of the token's sweep.
        const paid = await node.walletClient.sendTransaction({
          to: address,
          value: parseEther('1.5') + 123n,
        });
        await node.publicClient.waitForTransactionReceipt({ hash: paid });
        await mineUntil(
          'the ether swept',
          async () => (await node.publicClient.getBalance({ address: hot })) > parseEther('1.4'),
        );
        const minted = await node.walletClient.writeContract({
          address: usdt,
          abi: usdtAbi,
          functionName: 'mint',
          args: [address, 250_000_000n],
        });
        await node.publicClient.waitForTransactionReceipt({ hash: minted });
        await mineUntil('the USDT swept', async () => (await usdtOf(hot)) === 250_000_000n);

        const withdraw = async (body: Record<string, string>) => {
          const answer = await api().post<{ id: number }>(
            '/wallet/withdraw',
            {
              ...body,
              trade_password: tradePassword,
              email_code: await storeWithdrawCode(running.db, user),
            },
            { token: user.token, headers: { 'idempotency-key': randomUUID() } },
          );
          expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
          const approved = await callOperator<{ status: string }>(running, 'withdrawal', {
            action: 'approve',
            id: answer.body.data.id,
          });
          expect(approved.body.data.status).toBe('approved');
        };
        const outside = privateKeyToAddress(`0x${randomBytes(32).toString('hex')}`);
        await withdraw({ asset: 'ETH', chain: 'ETH', address: outside, amount: '0.5' });
        await withdraw({ asset: 'USDT', chain: 'ERC20', address: outside, amount: '30' });
        await mineUntil('every send confirmed', async () => {
          const open = await running.db
            .selectFrom('chain_sends')
            .select('id')
            .where('status', 'in', ['queued', 'sent'])
            .execute();
          const pending = await running.db
            .selectFrom('withdrawals')
            .select('id')
            .where('status', '<>', 'sent')
            .execute();
          return open.length === 0 && pending.length === 0;
        });
        expect(await usdtOf(outside)).toBe(30_000_000n);

        const answer = await callOperator<Report>(running, 'chain/reconcile', {});
        const report = answer.body.data;
        expect(report.ok, JSON.stringify(report, null, 1)).toBe(true);
        const eth = report.assets.find((entry) => entry.asset === 'ETH') as AssetReport;
        expect(eth.liabilities.total).toBe('0.998');
        expect(eth.known.find((line) => line.name === 'withdrawal_fees')?.amount).toBe('0.002');
        expect(eth.known.find((line) => line.name === 'network_fees')?.amount).toMatch(/^-0\.0/);
        expect(eth.dust).toBe('0.000000000000000123');
        expect(eth.unexplained).toBe('0');
        const usdtReport = report.assets.find((entry) => entry.asset === 'USDT') as AssetReport;
        expect(usdtReport).toMatchObject({
          holdings: { total: '220', hot_wallet: '220' },
          liabilities: { users: '216', withdrawals_in_flight: '0', total: '216' },
          difference: '4',
          unexplained: '0',
        });
        const check = await callOperator<{ ok: boolean }>(running, 'ledger/check', {});
        expect(check.body.data.ok).toBe(true);
      } finally {
        await server?.stop();
        await node.stop();
        await database2?.drop();
      }
    },
    400_000,
  );
});

describe('without a real chain', () => {
  it('publishes a snapshot saying it has no holdings, and refuses to reconcile', async () => {
    const server = await startInProcessServer(systemClock);
    try {
      const user = await registerUser(new ApiClient(server.url), server.dataDir);
      await callOperator(server, 'deposit', { account: user.account, asset: 'USDT', amount: '5' });
      const snapshot = await callOperator<{ holdings: unknown; holdings_note: string }>(
        server,
        'chain/por',
        {},
      );
      expect(snapshot.body.data.holdings).toBeNull();
      expect(snapshot.body.data.holdings_note).toContain('no Ethereum node is configured');
      const proof = await new ApiClient(server.url).get<{ holdings: unknown }>(
        '/wallet/reserveProof',
        {},
        { token: user.token },
      );
      expect(proof.body.code).toBe(200);
      expect(proof.body.data.holdings).toBeNull();
      const refused = await callOperator(server, 'chain/reconcile', {});
      expect(refused.body.ok).toBe(false);
      expect(refused.body.error).toContain('no Ethereum node is configured');
    } finally {
      await server.stop();
    }
  }, 120_000);
});
