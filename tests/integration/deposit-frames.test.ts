// A deposit reaches its owner's socket as it happens: USDT paid on a local Ethereum chain (anvil)
// is sent on the private `deposits` channel when it is seen, again as each block confirms it, and
// once more when it is credited, with its explorer link, together with the new balance on
// `balances`; a deposit through the simulated chain is sent credited at once, with no link (its id
// is no real transaction). Another user's socket hears none of it. Runs on the embedded database
// and, when one answers, on PostgreSQL.
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { depositSchema } from '../../schemas/api/wallet.schema.ts';
import { registerUser } from '../support/accounts.ts';
import { type Anvil, chainEnv, readTestUsdtArtifact, startAnvil } from '../support/anvil.ts';
import { ApiClient } from '../support/api-client.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { SocketClient } from '../support/socket-client.ts';

const postgres = await createTestDatabase();
const { abi: usdtAbi } = readTestUsdtArtifact();
const required = 3;
const explorer = 'https://explorer.test/tx/{txid}';

type Deposit = z.infer<typeof depositSchema>;

let anvil: Anvil;
let token: Address;
beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployTestUsdt();
}, 120_000);
afterAll(async () => {
  for (const socket of SocketClient.open) socket.close();
  await anvil?.stop();
});

describe.each([
  ['the embedded database', undefined],
  ['PostgreSQL', postgres],
] as const)('the deposits channel, on %s', (name, database) => {
  it.skipIf(name === 'PostgreSQL' && !database)(
    "sends each change of a user's deposit to that user's socket alone, and the credit's balance",
    async () => {
      // Blocks of an earlier case lie outside this server's first window of blocks.
      await anvil.mine(required + 5);
      let server: ServerProcess | undefined;
      try {
        server = await startServerProcess(
          {
            ...(database ? { DATABASE_URL: database.url } : {}),
            ...chainEnv(anvil, token, required),
            CHAIN_EXPLORER_TX_URL: explorer,
          },
          { until: 'listening' },
        );
        const api = new ApiClient(server.url);
        const owner = await registerUser(api, server.dataDir);
        const stranger = await registerUser(api, server.dataDir);
        const [mine, theirs] = await Promise.all([
          SocketClient.connect(server.url),
          SocketClient.connect(server.url),
        ]);
        mine.send({ op: 'auth', token: owner.token });
        mine.subscribe(['deposits', 'balances']);
        theirs.send({ op: 'auth', token: stranger.token });
        theirs.subscribe(['deposits', 'balances']);
        const answer = await api.get<{ address: Address }>(
          '/wallet/depositAddress',
          { asset: 'USDT', chain: 'ERC20' },
          { token: owner.token },
        );
        expect(answer.body.code).toBe(200);
        const address = answer.body.data.address;

        const deposits = () => mine.on('deposits').flatMap((frame) => frame.data as Deposit[]);
        const reached = (status: Deposit['status'], confirmations: number) =>
          mine.until(
            () => deposits().some((d) => d.status === status && d.confirmations === confirmations),
            `the deposit ${status} at ${confirmations}`,
            60_000,
          );

        // Automine: the transfer's block is the head, one confirmation.
        const minted = await anvil.walletClient.writeContract({
          address: token,
          abi: usdtAbi,
          functionName: 'mint',
          args: [address, 250_000_000n],
        });
        await anvil.publicClient.waitForTransactionReceipt({ hash: minted });
        await reached('confirming', 1);
        expect(deposits()[0]).toMatchObject({
          asset: 'USDT',
          chain: 'ERC20',
          txid: minted,
          address,
          amount: '250',
          confirmations: 1,
          required_confirmations: required,
          status: 'confirming',
          explorer_url: explorer.replace('{txid}', minted),
          credited_at: null,
        });
        // Nothing is credited yet, so no balance was sent.
        expect(mine.on('balances')).toEqual([]);

        await anvil.mine(required - 1);
        await reached('credited', required);
        await mine.until(() => mine.on('balances').length > 0, 'the credited balance');
        expect(mine.on('balances').at(-1)?.data).toEqual([
          { wallet: 'funding', asset: 'USDT', available: '250', frozen: '0' },
        ]);
        // One frame per change: the watcher's rounds without a new block send nothing again.
        const states = deposits().map((d) => `${d.status}:${d.confirmations}`);
        expect(new Set(states).size).toBe(states.length);
        expect(states.at(-1)).toBe(`credited:${required}`);
        // What the frames said is what the list says.
        const listed = await api.get<{ list: Deposit[] }>(
          '/wallet/deposits',
          { page: '1', size: '20' },
          { token: owner.token },
        );
        expect(listed.body.data.list[0]).toEqual(deposits().at(-1));

        // The simulated chain: credited at once, with no explorer page for its made-up id.
        const before = mine.on('deposits').length;
        const simulated = await callOperator<{ txid: string; outcome: string }>(server, 'deposit', {
          account: owner.account,
          asset: 'USDT',
          amount: '5',
          chain: 'TRC20',
        });
        expect(simulated.body.data.outcome).toBe('credited');
        await mine.until(() => mine.on('deposits').length > before, 'the simulated deposit');
        expect(mine.on('deposits').at(-1)?.data).toEqual([
          expect.objectContaining({
            chain: 'TRC20',
            txid: simulated.body.data.txid,
            status: 'credited',
            explorer_url: null,
          }),
        ]);
        await mine.until(
          () =>
            mine
              .on('balances')
              .some((frame) => JSON.stringify(frame.data).includes('"available":"255"')),
          'the balance after both deposits',
        );

        expect(theirs.on('deposits')).toEqual([]);
        expect(theirs.on('balances')).toEqual([]);
        expect(mine.errors()).toEqual([]);
        expect(theirs.errors()).toEqual([]);
      } finally {
        await server?.stop();
        await database?.drop();
      }
    },
    240_000,
  );
});
