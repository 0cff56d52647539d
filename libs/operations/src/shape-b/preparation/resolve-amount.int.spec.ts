import { GAS_PRICE_WEI, GAS_UNITS, USDC_ADDRESSES, WBTC_ETHEREUM } from '@vetted/sandbox';
import type { PriceReader, TokenInfo } from '@vetted/venues';
import {
  ETH,
  preparationSandbox,
  refusal,
  refusedPaths,
} from '../../preparation/testing/preparation-sandbox';
import type { AmountSpec } from '../intent';
import { resolveAmount, type AmountOptions } from './resolve-amount';

const open = preparationSandbox();
const ethBase: TokenInfo = { network: 'base', token: null, symbol: 'ETH', decimals: 18 };
const usdcBase: TokenInfo = { network: 'base', token: USDC_ADDRESSES.base, symbol: 'USDC', decimals: 6 };
const wbtc: TokenInfo = { network: 'ethereum', token: WBTC_ETHEREUM, symbol: 'WBTC', decimals: 8 };
const fee = GAS_UNITS.nativeTransfer * GAS_PRICE_WEI.base;
/** The fee of a native transfer on base, whatever the amount. */
const options: AmountOptions = {
  verb: 'send',
  feesFor: async () => [{ feeAsset: { network: 'base', token: null }, maxFeeRaw: fee }],
};

async function world() {
  const opened = open();
  const { sandbox, wallets, context } = opened;
  await sandbox.faucet('base', wallets.evm.address, null, ETH);
  await sandbox.faucet('base', wallets.evm.address, usdcBase.token, 1_000_001n);
  const resolve = (spec: AmountSpec, token: TokenInfo, ctx = context(wallets.evm)) =>
    resolveAmount(spec, token, ctx, 'intent.amount', options);
  return { ...opened, resolve };
}

describe('resolveAmount', () => {
  it('takes an exact decimal in the token decimals, trailing zeroes included', async () => {
    const { resolve } = await world();
    await expect(resolve({ kind: 'exact', decimal: '0.5' }, usdcBase)).resolves.toBe(500_000n);
    await expect(resolve({ kind: 'exact', decimal: '1.0000010' }, usdcBase)).resolves.toBe(1_000_001n);
  });

  it('refuses an exact decimal with more decimals than the token, at the amount path', async () => {
    const { resolve } = await world();
    expect(await refusedPaths(resolve({ kind: 'exact', decimal: '1.0000001' }, usdcBase))).toEqual([
      'intent.amount',
    ]);
  });

  it('refuses an exact decimal of more raw units than a uint256 holds, at the amount path', async () => {
    const { resolve } = await world();
    // 10^72 USDC is 10^78 raw units: past 2^256 - 1 (about 1.16 x 10^77). A token approval takes no funds check.
    expect(await refusedPaths(resolve({ kind: 'exact', decimal: `1${'0'.repeat(72)}` }, usdcBase))).toEqual([
      'intent.amount',
    ]);
    await expect(resolve({ kind: 'exact', decimal: `1${'0'.repeat(70)}` }, usdcBase)).resolves.toBe(
      10n ** 76n,
    );
  });

  it('resolves max to the balance, less the fee when the token pays it', async () => {
    const { resolve } = await world();
    await expect(resolve({ kind: 'max' }, ethBase)).resolves.toBe(ETH - fee);
    await expect(resolve({ kind: 'max' }, usdcBase)).resolves.toBe(1_000_001n);
  });

  it('refuses max of an empty balance with INSUFFICIENT_FUNDS', async () => {
    const { resolve } = await world();
    const arbitrumEth: TokenInfo = { ...ethBase, network: 'arbitrum' };
    expect(await refusal(resolve({ kind: 'max' }, arbitrumEth))).toMatchObject({
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
    });
  });

  it('takes a percentage of the live balance, rounded down, 100 included', async () => {
    const { resolve } = await world();
    const percent = (p: string) => resolve({ kind: 'percentOfBalance', percent: p }, usdcBase);
    await expect(percent('12.5')).resolves.toBe(125_000n); // 125000.125 rounded down
    await expect(percent('100')).resolves.toBe(1_000_001n);
    await expect(percent('0.0001')).resolves.toBe(1n);
  });

  it('takes at most what max would of the asset that pays the fee: 100% of ETH is max', async () => {
    const { resolve } = await world();
    const percent = (p: string) => resolve({ kind: 'percentOfBalance', percent: p }, ethBase);
    await expect(percent('100')).resolves.toBe(ETH - fee);
    await expect(percent('50')).resolves.toBe(ETH / 2n);
  });

  it('refuses a percentage that leaves nothing with INSUFFICIENT_FUNDS', async () => {
    const { resolve } = await world();
    const percent = (p: string, token: TokenInfo) => resolve({ kind: 'percentOfBalance', percent: p }, token);
    expect(await refusal(percent('0.00001', usdcBase))).toMatchObject({
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await refusal(percent('50', wbtc))).toMatchObject({ status: 400, code: 'INSUFFICIENT_FUNDS' });
  });

  it('sizes a USD value at the current price, rounded down to a raw unit', async () => {
    const { sandbox, resolve } = await world();
    await sandbox.setPrice({ network: 'base', token: null }, '3000');
    await sandbox.setPrice(wbtc, '60000.5');
    await expect(resolve({ kind: 'valueUsd', usd: '10' }, ethBase)).resolves.toBe(3_333_333_333_333_333n);
    await expect(resolve({ kind: 'valueUsd', usd: '1' }, wbtc)).resolves.toBe(1666n);
    await expect(resolve({ kind: 'valueUsd', usd: '10.50' }, usdcBase)).resolves.toBe(10_500_000n);
  });

  it('refuses a USD value below one raw unit at intent.amount.valueUsd', async () => {
    const { sandbox, resolve } = await world();
    await sandbox.setPrice(wbtc, '60000.5');
    expect(await refusedPaths(resolve({ kind: 'valueUsd', usd: '0.0001' }, wbtc))).toEqual([
      'intent.amount.valueUsd',
    ]);
    // The price is of a whole token, not of a raw unit.
    expect((await refusal(resolve({ kind: 'valueUsd', usd: '0.0000001' }, usdcBase))).fields).toEqual([
      {
        path: 'intent.amount.valueUsd',
        message: 'is less than one raw unit of USDC on base (one USDC is 1 USD, one raw unit 10^-6 of it)',
      },
    ]);
  });

  it('refuses a USD value past what the network holds at intent.amount.valueUsd, not as a shortfall', async () => {
    const { resolve, context, wallets } = await world();
    const sol: TokenInfo = { network: 'solana', token: null, symbol: 'SOL', decimals: 9 };
    // About 2^64 lamports and more, at the sandbox's SOL price: no Solana balance could hold it.
    expect(
      (await refusal(resolve({ kind: 'valueUsd', usd: '1' + '0'.repeat(22) }, sol, context(wallets.solana))))
        .fields,
    ).toEqual([
      {
        path: 'intent.amount.valueUsd',
        message: 'is more than any token amount (2^64 - 1 raw units (a u64) of SOL on solana)',
      },
    ]);
  });

  it('refuses a USD value without a live price with PRICE_UNAVAILABLE (expired or missing)', async () => {
    const { sandbox, resolve, context, wallets } = await world();
    await sandbox.expirePrice({ network: 'base', token: null });
    const unavailable = { status: 400, code: 'PRICE_UNAVAILABLE' };
    expect(await refusal(resolve({ kind: 'valueUsd', usd: '10' }, ethBase))).toMatchObject(unavailable);

    const missing: PriceReader = {
      price: () => Promise.reject(new Error('unused')),
      prices: async (assets) =>
        assets.map((asset) => ({ ok: false, asset, reason: 'missing', expiredAt: null })),
    };
    const ctx = context(wallets.evm);
    const withoutPrices = { ...ctx, ports: { ...ctx.ports, prices: missing } };
    expect(await refusal(resolve({ kind: 'valueUsd', usd: '10' }, usdcBase, withoutPrices))).toMatchObject(
      unavailable,
    );
  });
});
