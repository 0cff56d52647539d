import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { bearer, startTestApp, type TestApp } from '../support/test-app';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const describeInBrowser = available ? describe : describe.skip;

if (!available)
  console.warn(
    `explorer browser test skipped: ${CHROMIUM} is missing (apt-get install -y chromium; .ci/run does)`,
  );

/** What a person sees on a real transaction's explorer page, in headless Chromium. */
describeInBrowser(
  `sandbox explorer page in Chromium${available ? '' : ` (skipped: ${CHROMIUM} is missing)`}`,
  () => {
    let t: TestApp;
    let browser: Browser;
    let origin: string;
    beforeAll(async () => {
      t = await startTestApp();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
    });
    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    it('shows the hash, status, network, amounts and fee of a faucet deposit', async () => {
      const user = await t.signUp();
      const evm = user.wallets[0];
      const faucet = await t.request({
        method: 'POST',
        url: '/v1/sandbox/faucet',
        headers: bearer(user.token),
        payload: { walletId: evm.id, network: 'ethereum', token: null, amount: '0.25' },
      });
      const { hash, explorerUrl } = faucet.json();
      const pagePath = new URL(explorerUrl).pathname;
      expect(pagePath).toBe(`/v1/sandbox/explorer/tx/${hash}`);

      const page = await browser.newPage();
      const response = await page.goto(origin + pagePath);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toContain('Vetted sandbox explorer');
      await expect(page.locator('h1').innerText()).resolves.toBe('Transaction');
      await expect(page.locator('#hash').innerText()).resolves.toBe(hash);
      const details = page.getByRole('table', { name: 'Transaction details' });
      await expect(details.getByRole('row', { name: /Status/ }).innerText()).resolves.toContain('Success');
      await expect(details.getByRole('row', { name: /Network/ }).innerText()).resolves.toContain('ethereum');
      await expect(details.getByRole('row', { name: /To/ }).innerText()).resolves.toContain(evm.address);
      const transfers = page.getByRole('table', { name: 'Transfers' });
      await expect(transfers.innerText()).resolves.toContain('0.25 ETH');
      await expect(page.getByText('Sandbox: a simulated transaction').isVisible()).resolves.toBe(true);
      await page.screenshot({ path: path.join(tmpdir(), 'vetted-explorer.png'), fullPage: true });
      await page.close();
    });

    it('answers a person with the error body for an unknown transaction', async () => {
      const page = await browser.newPage();
      const response = await page.goto(`${origin}/v1/sandbox/explorer/tx/0x${'ab'.repeat(32)}`);
      expect(response?.status()).toBe(404);
      await expect(page.locator('body').innerText()).resolves.toContain('NOT_FOUND');
      await page.close();
    });
  },
);
