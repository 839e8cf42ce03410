// A deposit from a real Ethereum chain, seen live in a phone-sized Chromium: the user opens the
// USDT (ERC20) deposit page, test USDT is paid to the address it shows on a local anvil node, and
// without a reload the page shows the deposit "Confirming 1/3", then, as blocks are mined,
// credited with the balance grown, its transaction linked to the configured block explorer.
// The server here is one of this file's own (the shared one reads no chain); it and anvil are
// stopped in every outcome.
import type { Browser, BrowserContext } from 'playwright-core';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../support/accounts.ts';
import { type Anvil, readTestUsdtArtifact, startAnvil } from '../support/anvil.ts';
import { ApiClient } from '../support/api-client.ts';
import { launchBrowser, phoneContext } from '../support/browser.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { AppPage } from './pages/app-page.ts';

const required = 3;
const explorer = 'https://explorer.test/tx/{txid}';
const patient = { timeout: 60_000, interval: 200 };

let anvil: Anvil | undefined;
let token: Address;
let server: ServerProcess | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;

beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployTestUsdt();
  server = await startServerProcess(
    {
      CHAIN_EVM_RPC_URL: anvil.url,
      CHAIN_EVM_CHAIN_ID: String(anvil.chainId),
      CHAIN_EVM_USDT_ADDRESS: token,
      CHAIN_EVM_CONFIRMATIONS_ETH: String(required),
      CHAIN_EVM_CONFIRMATIONS_USDT: String(required),
      CHAIN_EVM_POLL_MS: '100',
      CHAIN_EXPLORER_TX_URL: explorer,
    },
    { until: 'listening' },
  );
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await context?.close().catch(() => {});
  await browser?.close().catch(() => {});
  await server?.stop();
  await anvil?.stop();
}, 120_000);

describe('a deposit from the Ethereum chain', () => {
  it('shows on the deposit page confirming, then credited with the balance, without a reload', async () => {
    if (!anvil || !server || !browser) throw new Error('the set-up did not finish');
    const user = await registerUser(new ApiClient(server.url), server.dataDir);
    context = await phoneContext(browser);
    await context.addInitScript((saved) => localStorage.setItem('token', saved), user.token);
    const app = new AppPage(await context.newPage(), server.url);
    const { page } = app;

    await app.open('/pages/assets/recharge?asset=USDT&chain=ERC20');
    const addressShown = page.getByTestId('deposit-address');
    await expect.poll(() => addressShown.textContent(), patient).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const address = ((await addressShown.textContent()) ?? '') as Address;
    const available = page.getByTestId('deposit-available');
    await expect.poll(() => available.textContent(), patient).toMatch(/^0(\.0+)?$/);
    // A reload would lose this mark: everything below must arrive on the open page.
    await page.evaluate(() => {
      (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
    });

    // Automine: the transfer's block is the head, its first confirmation.
    const { abi } = readTestUsdtArtifact();
    const minted = await anvil.walletClient.writeContract({
      address: token,
      abi,
      functionName: 'mint',
      args: [address, 250_000_000n],
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash: minted });

    const status = page.locator('[data-testid^="deposit-status-"]').first();
    await expect.poll(() => status.textContent(), patient).toBe(`Confirming 1/${required}`);
    const link = page.locator('a[data-testid^="deposit-txid-"]').first();
    expect(await link.getAttribute('href')).toBe(explorer.replace('{txid}', minted));
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await available.textContent()).toMatch(/^0(\.0+)?$/);

    await anvil.mine(required - 1);
    await expect.poll(() => status.textContent(), patient).toBe('Credited');
    await expect.poll(() => available.textContent(), patient).toMatch(/^250(\.0+)?$/);
    expect(
      await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage),
    ).toBe(true);
  });
});
