import { parseEvmAddress } from '@vetted/kernel';
import { Dec, SubmissionConflict } from '@vetted/venues';
import { ETH, USDC, evm, id, sandboxFixture } from '../testing/sandbox-fixture';
import { PUSD_POLYGON } from '../tokens/token-registry';
import { PREDICT_TREASURY } from '../world/sandbox-accounts';
import { outcomeTokenId } from './market-catalog';

const fixture = sandboxFixture();
const MARKET = 'btc-150k-2026';
const YES = outcomeTokenId(MARKET, 'Yes');
const NO = outcomeTokenId(MARKET, 'No');

async function bettor() {
  const opened = fixture.open();
  const address = evm();
  await opened.sandbox.faucet('polygon', address, PUSD_POLYGON, 100n * USDC);
  const pusd = () => opened.sandbox.chain.balance('polygon', address, PUSD_POLYGON);
  const shares = (outcome: string) => opened.sandbox.chain.balance('polygon', address, outcome);
  return { ...opened, address, pusd, shares };
}

describe('SandboxPredictionVenue markets', () => {
  it('lists markets whose outcome assets are polygon token ids priced to sum to 1', async () => {
    const { sandbox } = fixture.open();
    const markets = await sandbox.markets();
    expect(markets.map((m) => m.id)).toEqual([
      'btc-150k-2026',
      'eth-etf-staking-2026',
      'fed-cut-december-2026',
      'world-cup-2026-winner',
    ]);
    for (const market of markets) {
      expect(market.status).toBe('open');
      const total = market.outcomes.reduce((sum, o) => sum.plus(o.price), new Dec(0));
      expect(total.minus(1).abs().lt('0.00001')).toBe(true);
      for (const o of market.outcomes) {
        expect(o.asset.network).toBe('polygon');
        expect(o.asset.token).toMatch(/^[1-9][0-9]{60,78}$/);
        expect(new Dec(o.bid).lt(o.price) && new Dec(o.ask).gt(o.price)).toBe(true);
      }
    }
    expect((await sandbox.predict.marketOfOutcome(NO))?.id).toBe(MARKET);
  });

  it('sets one outcome price and keeps the market summing to 1', async () => {
    const { sandbox } = fixture.open();
    const asset = { network: 'polygon', token: YES } as const;
    expect((await sandbox.setPrice(asset, '0.8')).usd).toBe('0.8');
    expect((await sandbox.prices.price({ network: 'polygon', token: NO })).usd).toBe('0.2');
  });
});

describe('SandboxPredictionVenue orders', () => {
  it('buys shares at the ask, spending exactly the pUSD given', async () => {
    const { sandbox, address, pusd, shares } = await bettor();
    const fill = await sandbox.predict.buy({
      submissionId: id(),
      address,
      outcome: YES,
      spendRaw: 10n * USDC,
    });
    // ask = 0.35 + 0.005; 10 / 0.355 = 28.169014...
    expect(fill).toMatchObject({
      action: 'buy',
      marketId: MARKET,
      price: '0.355',
      sharesRaw: 28_169_014n,
      pusdRaw: 10n * USDC,
    });
    expect(await pusd()).toBe(90n * USDC);
    expect(await shares(YES)).toBe(28_169_014n);
    expect(await sandbox.chain.balance('polygon', PREDICT_TREASURY, PUSD_POLYGON)).toBeGreaterThan(
      10n * USDC,
    );
    expect(await sandbox.predict.positions(address)).toEqual([
      expect.objectContaining({
        marketId: MARKET,
        outcomeName: 'Yes',
        sharesRaw: 28_169_014n,
        redeemable: false,
      }),
    ]);
    const explorer = await sandbox.transaction(fill.hash);
    expect(explorer?.transfers.map((t) => [t.symbol, t.from === null ? 'mint' : 'move'])).toEqual([
      ['pUSD', 'move'],
      [`${MARKET}:Yes`, 'mint'],
    ]);
  });

  it('sells shares at the bid and burns them', async () => {
    const { sandbox, address, pusd, shares } = await bettor();
    await sandbox.predict.buy({ submissionId: id(), address, outcome: YES, spendRaw: 10n * USDC });
    const sell = await sandbox.predict.sell({
      submissionId: id(),
      address,
      outcome: YES,
      sharesRaw: 10n * USDC,
    });
    expect(sell).toMatchObject({ price: '0.345', pusdRaw: 3_450_000n });
    expect(await pusd()).toBe(93_450_000n);
    expect(await shares(YES)).toBe(18_169_014n);
    await expect(
      sandbox.predict.sell({ submissionId: id(), address, outcome: YES, sharesRaw: 20n * USDC }),
    ).rejects.toMatchObject({ reason: 'insufficient_funds' });
  });

  it('refuses what it cannot do, with nothing moved', async () => {
    const { sandbox, address, pusd } = await bettor();
    const buy = { submissionId: id(), address, outcome: YES, spendRaw: 10n * USDC };
    await expect(sandbox.predict.buy({ ...buy, minSharesRaw: 29n * USDC })).rejects.toMatchObject({
      reason: 'slippage_exceeded',
    });
    await expect(sandbox.predict.buy({ ...buy, spendRaw: 101n * USDC })).rejects.toMatchObject({
      reason: 'insufficient_funds',
    });
    await expect(sandbox.predict.buy({ ...buy, outcome: '123' })).rejects.toMatchObject({
      reason: 'invalid_request',
    });
    await expect(sandbox.predict.redeem({ submissionId: id(), address, outcome: YES })).rejects.toMatchObject(
      {
        reason: 'market_not_resolved',
      },
    );
    expect(await pusd()).toBe(100n * USDC);
    await sandbox.predict.buy(buy);
    await expect(sandbox.predict.buy({ ...buy, spendRaw: 1n })).rejects.toBeInstanceOf(SubmissionConflict);
  });

  it('resolves, then redeems winning shares 1:1 and losing shares for nothing', async () => {
    const { sandbox, address, pusd, shares } = await bettor();
    await sandbox.predict.buy({ submissionId: id(), address, outcome: YES, spendRaw: 10n * USDC });
    await sandbox.predict.buy({ submissionId: id(), address, outcome: NO, spendRaw: 10n * USDC });
    const noShares = await shares(NO);
    const yesShares = await shares(YES);

    const market = await sandbox.resolveMarket(MARKET, 'Yes');
    expect(market).toMatchObject({ status: 'resolved', winningOutcome: YES });
    await expect(sandbox.resolveMarket(MARKET, 'No')).rejects.toThrow(/not open/);
    expect((await sandbox.prices.price({ network: 'polygon', token: YES })).usd).toBe('1');
    expect((await sandbox.prices.price({ network: 'polygon', token: NO })).usd).toBe('0');
    expect(await sandbox.predict.positions(address)).toEqual([
      expect.objectContaining({ outcomeName: 'Yes', redeemable: true, redeemValueRaw: yesShares }),
      expect.objectContaining({ outcomeName: 'No', redeemable: true, redeemValueRaw: 0n }),
    ]);
    await expect(
      sandbox.predict.buy({ submissionId: id(), address, outcome: YES, spendRaw: USDC }),
    ).rejects.toMatchObject({ reason: 'market_resolved' });

    const win = await sandbox.predict.redeem({ submissionId: id(), address, outcome: YES });
    expect(win).toMatchObject({ action: 'redeem', sharesRaw: yesShares, pusdRaw: yesShares });
    const lose = await sandbox.predict.redeem({ submissionId: id(), address, outcome: NO });
    expect(lose).toMatchObject({ sharesRaw: noShares, pusdRaw: 0n });
    expect(await pusd()).toBe(80n * USDC + yesShares);
    expect(await shares(YES)).toBe(0n);
    await expect(sandbox.predict.redeem({ submissionId: id(), address, outcome: YES })).rejects.toMatchObject(
      {
        reason: 'nothing_to_redeem',
      },
    );
  });

  it('lets shares move between addresses as polygon tokens', async () => {
    const { sandbox, address, shares } = await bettor();
    await sandbox.faucet('polygon', address, null, ETH);
    await sandbox.predict.buy({ submissionId: id(), address, outcome: YES, spendRaw: 10n * USDC });
    const friend = evm();
    const tx = {
      kind: 'transfer',
      submissionId: id(),
      network: 'polygon',
      from: address,
      to: friend,
      token: YES,
      amountRaw: USDC,
    } as const;
    expect((await sandbox.chain.submit(tx)).status).toBe('success');
    expect(await sandbox.chain.balance('polygon', friend, YES)).toBe(USDC);
    expect(await shares(YES)).toBe(28_169_014n - USDC);
  });
});

describe('deposit wallets', () => {
  it('deploys one venue account per controller, idempotently', async () => {
    const { sandbox } = fixture.open();
    const [controller, other] = [evm(), evm()];
    expect(await sandbox.predict.depositWallet(controller)).toBeNull();
    const [first, concurrent] = await Promise.all([
      sandbox.predict.deployDepositWallet(controller),
      sandbox.predict.deployDepositWallet(controller.toLowerCase()),
    ]);
    expect(first).toMatchObject({ venue: 'predict', controller });
    expect(parseEvmAddress(first.address)).toBe(first.address);
    expect(concurrent).toEqual(first);
    expect(await sandbox.predict.deployDepositWallet(controller)).toEqual(first);
    expect(await sandbox.predict.depositWallet(controller)).toEqual(first);
    expect((await sandbox.predict.deployDepositWallet(other)).address).not.toBe(first.address);
    await expect(sandbox.predict.deployDepositWallet('not-an-address')).rejects.toMatchObject({
      reason: 'invalid_request',
    });
  });
});
