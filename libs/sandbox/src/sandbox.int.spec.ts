import { ManualClock } from '@vetted/kernel';
import { ETH, USDC, evm, id, sandboxFixture } from './testing/sandbox-fixture';
import { PUSD_POLYGON, USDC_ADDRESSES } from './tokens/token-registry';
import { Sandbox } from './sandbox';
import { SandboxFileInUse } from './store/file-owner';

const fixture = sandboxFixture();
const start = '2026-11-21T10:00:00.000Z';

describe('Sandbox restart', () => {
  it('continues the same world from its file', async () => {
    const { sandbox, file } = fixture.open({
      clock: new ManualClock(start),
      blockTimeSeconds: 2,
      seed: 'persist',
    });
    const [alice, bob, trader] = [evm(), evm(), evm()];
    const usdc = USDC_ADDRESSES.arbitrum;
    await sandbox.faucet('arbitrum', alice, null, ETH);
    await sandbox.faucet('arbitrum', alice, usdc, 100n * USDC);
    await sandbox.faucet('perps', trader, 'USDC', 1000n * USDC);
    await sandbox.faucet('polygon', trader, PUSD_POLYGON, 50n * USDC);
    const transfer = {
      kind: 'transfer',
      network: 'arbitrum',
      from: alice,
      to: bob,
      token: usdc,
      amountRaw: USDC,
    } as const;
    const settled = await sandbox.chain.submit({ ...transfer, submissionId: id() });
    await sandbox.advanceClock(3600);
    const first = (await sandbox.chain.receipt(settled.hash))!;
    const pending = await sandbox.chain.submit({ ...transfer, submissionId: id() });
    await sandbox.perps.placeOrder({
      submissionId: id(),
      address: trader,
      coin: 'SOL',
      side: 'sell',
      size: '2',
      limitPx: '100',
      reduceOnly: false,
      leverage: 3,
    });
    const wallet = await sandbox.predict.deployDepositWallet(trader);
    const yes = (await sandbox.markets())[2].outcomes[0].asset.token!;
    await sandbox.predict.buy({ submissionId: id(), address: trader, outcome: yes, spendRaw: 5n * USDC });
    await sandbox.resolveMarket('fed-cut-december-2026', 'Yes');
    await sandbox.injectFault({ target: 'quote', mode: 'fail', count: 2 });
    await sandbox.setPrice({ network: 'solana', token: null }, '175');

    const before = {
      now: sandbox.now().toISOString(),
      holdings: sandbox.holdings(),
      supply: sandbox.supply(),
      perp: await sandbox.perps.account(trader),
      markets: await sandbox.markets(),
      sol: await sandbox.prices.price({ network: 'perps', token: 'SOL' }),
      eth: await sandbox.prices.price({ network: 'ethereum', token: null }),
      explorer: await sandbox.transaction(first.hash),
    };
    const reopened = await fixture.reopen(sandbox, file, {
      clock: new ManualClock(start),
      seed: 'another seed',
    });

    expect(reopened.seed).toBe('persist');
    expect(reopened.now().toISOString()).toBe(before.now);
    expect(reopened.holdings()).toEqual(before.holdings);
    expect(reopened.supply()).toEqual(before.supply);
    expect(await reopened.perps.account(trader)).toEqual(before.perp);
    expect(await reopened.markets()).toEqual(before.markets);
    expect(await reopened.prices.price({ network: 'perps', token: 'SOL' })).toEqual(before.sol);
    expect(await reopened.prices.price({ network: 'ethereum', token: null })).toEqual(before.eth);
    expect(await reopened.transaction(first.hash)).toEqual(before.explorer);
    expect(await reopened.predict.deployDepositWallet(trader)).toEqual(wallet);
    expect(reopened.faults()).toEqual([expect.objectContaining({ target: 'quote', remaining: 2 })]);

    // The pending transaction still settles at its block, the block time having been kept.
    expect((await reopened.chain.receipt(pending.hash))!.status).toBe('pending');
    await reopened.advanceClock(2);
    const landed = (await reopened.chain.receipt(pending.hash))!;
    expect(landed.status).toBe('success');
    expect(landed.blockNumber!).toBeGreaterThan(first.blockNumber!);
    const next = await reopened.chain.submit({ ...transfer, submissionId: id() });
    await reopened.advanceClock(2);
    expect((await reopened.transaction(next.hash))!.nonce).toBe(2);
    expect(await reopened.chain.balance('arbitrum', bob, usdc)).toBe(3n * USDC);
  });

  it('has one owner at a time: a second open of its file is refused until the first closes', async () => {
    const { sandbox, file } = fixture.open({ clock: new ManualClock(start) });
    expect(() => Sandbox.open({ file, clock: new ManualClock(start) })).toThrow(SandboxFileInUse);
    const reopened = await fixture.reopen(sandbox, file);
    expect(reopened.seed).toBe(sandbox.seed);
  });

  it('refuses a database path that would not survive a restart', () => {
    expect(() => fixture.open({ file: ':memory:' })).toThrow(/database file path/);
  });
});

describe('Sandbox group commit', () => {
  it('commits submissions of one event-loop turn in one transaction, each judged on its own', async () => {
    const { sandbox } = fixture.open();
    const alice = evm();
    await sandbox.faucet('base', alice, null, ETH);
    const before = sandbox.stats();
    const send = (amountRaw: bigint) =>
      sandbox.chain.submit({
        kind: 'transfer',
        submissionId: id(),
        network: 'base',
        from: alice,
        to: evm(),
        token: null,
        amountRaw,
      });
    const results = await Promise.allSettled([send(1n), send(2n * ETH), send(3n), send(4n)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(sandbox.stats()).toEqual({ units: before.units + 4, transactions: before.transactions + 1 });
  });

  it('mints speech tokens valid for 60 s of sandbox time', async () => {
    const { sandbox } = fixture.open({ clock: new ManualClock(start) });
    await sandbox.advanceClock(30);
    const [a, b] = await Promise.all([sandbox.speech.mint('user-1'), sandbox.speech.mint('user-1')]);
    expect(a.token).not.toBe(b.token);
    expect(a.token.length).toBeGreaterThan(30);
    expect(a.expiresAt).toBe('2026-11-21T10:01:30.000Z');
  });

  it('lists the token registry with real decimals', () => {
    const { sandbox } = fixture.open();
    const tokens = sandbox.tokens();
    expect(tokens).toContainEqual({
      network: 'ethereum',
      token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      symbol: 'USDC',
      decimals: 6,
    });
    expect(tokens).toContainEqual({ network: 'solana', token: null, symbol: 'SOL', decimals: 9 });
    expect(tokens).toContainEqual({ network: 'polygon', token: PUSD_POLYGON, symbol: 'pUSD', decimals: 6 });
    expect(tokens.filter((t) => t.symbol === 'USDC').map((t) => t.network)).toEqual([
      'ethereum',
      'base',
      'arbitrum',
      'polygon',
      'solana',
      'perps',
    ]);
  });
});

describe('Sandbox token directory', () => {
  it('describes registered tokens in any EVM casing and prediction shares', async () => {
    const { sandbox } = fixture.open();
    const usdc = USDC_ADDRESSES.base;
    expect(sandbox.tokenDirectory.tokenInfo({ network: 'base', token: usdc.toLowerCase() })).toEqual({
      network: 'base',
      token: usdc,
      symbol: 'USDC',
      decimals: 6,
    });
    const share = (await sandbox.markets())[0].outcomes[0].asset;
    expect(sandbox.tokenDirectory.tokenInfo(share)).toMatchObject({
      symbol: 'btc-150k-2026:Yes',
      decimals: 6,
    });
    expect(sandbox.tokenDirectory.tokenInfo({ network: 'base', token: evm() })).toBeNull();
    expect(sandbox.tokenDirectory.tokens()).toEqual(sandbox.tokens());
  });
});
