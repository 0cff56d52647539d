import { readShapeBIntent } from './read-shape-b-intent';
import { intentProblems } from './testing/field-errors';

const spot = {
  type: 'spotOrder',
  walletId: 1,
  side: 'buy',
  asset: { network: 'perps', asset: 'HYPE' },
  size: '2.5',
};
const open = { type: 'perpOrder', walletId: 1, coin: 'BTC', side: 'long', valueUsd: '100' };
const reduce = { type: 'perpOrder', walletId: 1, coin: 'BTC', reduce: true, size: 'max' };
const EXACTLY_ONE_OPEN = 'must give exactly one of size, valueUsd, or marginUsdc with exposureMultiple';

describe('readShapeBIntent: spotOrder', () => {
  it('reads a size or a USDC value, defaulting the slippage', () => {
    expect(readShapeBIntent(spot)).toEqual({
      type: 'spotOrder',
      walletId: 1,
      side: 'buy',
      asset: { kind: 'perpCoin', network: 'perps', asset: 'HYPE' },
      sizing: { kind: 'size', size: '2.5' },
      slippage: '1',
    });
    const sell = { ...spot, side: 'sell', size: undefined, valueUsdc: '10.00', slippage: '0' };
    expect(readShapeBIntent(sell)).toMatchObject({
      sizing: { kind: 'valueUsdc', usdc: '10.00' },
      slippage: '0',
    });
  });

  it('takes valueUsdc "max" for buys only (rule 11)', () => {
    const maxBuy = { ...spot, size: undefined, valueUsdc: 'max' };
    expect(readShapeBIntent(maxBuy)).toMatchObject({ sizing: { kind: 'valueUsdcMax' } });
    expect(intentProblems({ ...maxBuy, side: 'sell' })).toEqual({
      'intent.valueUsdc': '"max" is only for buys; a sell gives a positive decimal, or a size',
    });
  });

  it('refuses both or neither sizing, a non-perps asset, a bad side and a bad slippage', () => {
    expect(intentProblems({ ...spot, valueUsdc: '5' })).toEqual({
      intent: 'must give exactly one of size or valueUsdc',
    });
    expect(intentProblems({ ...spot, size: undefined })).toEqual({
      intent: 'must give exactly one of size or valueUsdc',
    });
    expect(
      intentProblems({ ...spot, asset: { network: 'base', asset: 'native' }, side: 'long', slippage: '-1' }),
    ).toEqual({
      'intent.asset.network': 'must be one of perps',
      'intent.side': 'must be one of buy, sell',
      'intent.slippage': expect.any(String),
    });
    expect(intentProblems({ ...spot, size: 'max' })).toHaveProperty(['intent.size']);
  });
});

describe('readShapeBIntent: perpOrder open', () => {
  it('reads each sizing, with leverage', () => {
    expect(readShapeBIntent({ ...open, leverage: 5 })).toEqual({
      type: 'perpOrder',
      walletId: 1,
      reduce: false,
      coin: 'BTC',
      side: 'long',
      sizing: { kind: 'valueUsd', usd: '100' },
      leverage: 5,
      slippage: '1',
    });
    const sized = { ...open, valueUsd: undefined, size: '0.010', reduce: false, slippage: '2.5' };
    expect(readShapeBIntent(sized)).toMatchObject({
      sizing: { kind: 'size', size: '0.010' },
      slippage: '2.5',
    });
    const margin = { ...open, valueUsd: undefined, side: 'short', marginUsdc: '50', exposureMultiple: '3' };
    expect(readShapeBIntent(margin)).toMatchObject({
      side: 'short',
      sizing: { kind: 'margin', marginUsdc: '50', exposureMultiple: '3' },
    });
  });

  it('refuses marginUsdc and exposureMultiple one without the other (rule 12)', () => {
    const base = { ...open, valueUsd: undefined };
    expect(intentProblems({ ...base, marginUsdc: '50' })).toEqual({
      'intent.exposureMultiple': 'is required with marginUsdc',
    });
    expect(intentProblems({ ...base, exposureMultiple: '3' })).toEqual({
      'intent.marginUsdc': 'is required with exposureMultiple',
    });
    expect(intentProblems({ ...base, marginUsdc: '0', exposureMultiple: '1e1' })).toEqual({
      'intent.marginUsdc': expect.any(String),
      'intent.exposureMultiple': expect.any(String),
    });
  });

  it('refuses no or several sizings, a bad leverage, side or coin, and reduction fields', () => {
    expect(intentProblems({ ...open, valueUsd: undefined })).toEqual({ intent: EXACTLY_ONE_OPEN });
    expect(intentProblems({ ...open, size: '1' })).toEqual({ intent: EXACTLY_ONE_OPEN });
    for (const leverage of [0, 101, 2.5, '5'])
      expect(intentProblems({ ...open, leverage })).toEqual({
        'intent.leverage': 'must be an integer from 1 to 100',
      });
    expect(
      intentProblems({ ...open, side: 'buy', coin: '', sizePercent: '50', expectedSide: 'long' }),
    ).toEqual({
      'intent.side': 'must be one of long, short',
      'intent.coin': expect.any(String),
      'intent.sizePercent': 'is for reductions (reduce: true)',
      'intent.expectedSide': 'is for reductions (reduce: true)',
    });
    expect(intentProblems({ ...open, reduce: 'yes' })).toEqual({ 'intent.reduce': 'must be true or false' });
  });
});

describe('readShapeBIntent: perpOrder reduction (rule 10)', () => {
  it('reads size "max" or sizePercent, with an optional expectedSide', () => {
    expect(readShapeBIntent(reduce)).toEqual({
      type: 'perpOrder',
      walletId: 1,
      reduce: true,
      coin: 'BTC',
      size: { kind: 'max' },
      slippage: '1',
    });
    const part = { ...reduce, size: undefined, sizePercent: '100.0', expectedSide: 'short', slippage: '3' };
    expect(readShapeBIntent(part)).toMatchObject({
      size: { kind: 'sizePercent', percent: '100.0' },
      expectedSide: 'short',
    });
  });

  it('refuses a side, open-only fields and a size other than "max"', () => {
    expect(intentProblems({ ...reduce, side: 'long', leverage: 2 })).toEqual({
      'intent.side': 'a reduction omits side; pin expectedSide instead',
      'intent.leverage': 'is for opens; a reduction gives size: "max" or sizePercent',
    });
    expect(intentProblems({ ...reduce, size: '0.5' })).toHaveProperty(['intent.size']);
    expect(intentProblems({ ...reduce, expectedSide: 'up' })).toHaveProperty(['intent.expectedSide']);
  });

  it('refuses a percentage out of (0, 100], and both or neither size', () => {
    const part = { ...reduce, size: undefined };
    for (const bad of ['0', '0.00', '100.5', '-10', '1e1'])
      expect(intentProblems({ ...part, sizePercent: bad })).toHaveProperty(['intent.sizePercent']);
    expect(intentProblems(part)).toEqual({ intent: 'must give exactly one of size: "max" or sizePercent' });
    expect(intentProblems({ ...reduce, sizePercent: '5' })).toHaveProperty(['intent']);
  });
});
