import { ManualClock, newEvmAddress } from '@vetted/kernel';
import { Sandbox } from './sandbox';
import { USDC_ADDRESSES } from './tokens/token-registry';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

it('smoke', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sbx-'));
  const t0 = performance.now();
  const sandbox = Sandbox.open({ file: join(dir, 'w.sqlite'), clock: new ManualClock(), seed: 's1' });
  console.log('open ms', performance.now() - t0);
  const alice = newEvmAddress();
  const bob = newEvmAddress();
  await sandbox.faucet('ethereum', alice, null, 10n ** 18n);
  await sandbox.faucet('ethereum', alice, USDC_ADDRESSES.ethereum, 5_000_000_000n);
  const r = await sandbox.chain.submit({ kind: 'transfer', submissionId: 'a1', network: 'ethereum', from: alice, to: bob, token: USDC_ADDRESSES.ethereum, amountRaw: 1_500_000n });
  console.log(r);
  console.log(await sandbox.chain.balances('ethereum', alice));
  const q = await sandbox.quoter.quote({ from: { network: 'ethereum', token: null }, to: { network: 'solana', token: null }, amountInRaw: 10n ** 17n });
  console.log(q);
  console.log(await sandbox.prices.price({ network: 'ethereum', token: null }));
  console.log(JSON.stringify(await sandbox.markets(), null, 1).slice(0, 600));
  await sandbox.faucet('perps', alice, 'USDC', 1_000_000_000n);
  const o = await sandbox.perps.placeOrder({ submissionId: 'p1', address: alice, coin: 'BTC', side: 'buy', size: '0.01', limitPx: '91000', reduceOnly: false });
  console.log(o, await sandbox.perps.account(alice));
  console.log(await sandbox.transaction(r.hash));
  await sandbox.close();
});
