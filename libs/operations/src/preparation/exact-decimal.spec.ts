import { afterSlippage, fractionOf, percentOfRaw, rawForUsd } from './exact-decimal';

describe('exact decimal arithmetic', () => {
  it('reads a decimal string as an exact fraction', () => {
    expect(fractionOf('12.50')).toEqual({ num: 1250n, den: 100n });
    expect(fractionOf('7')).toEqual({ num: 7n, den: 1n });
  });

  it('takes a percentage rounded down', () => {
    expect(percentOfRaw(1_000_001n, '12.5')).toBe(125_000n);
    expect(percentOfRaw(3n, '33.333333333333333333333333333333333333')).toBe(0n);
    expect(percentOfRaw(10n ** 30n, '100')).toBe(10n ** 30n);
  });

  it('keeps what a slippage leaves of a quote, rounded down', () => {
    expect(afterSlippage(1_000_000n, '0.5')).toBe(995_000n);
    expect(afterSlippage(1_000_001n, '0.5')).toBe(995_000n); // 995000.995
    expect(afterSlippage(123n, '0')).toBe(123n);
    expect(afterSlippage(10_000n, '99.99')).toBe(1n);
  });

  it('sizes a USD value at a price in raw units, rounded down', () => {
    expect(rawForUsd('10', '3000', 18)).toBe(3_333_333_333_333_333n);
    expect(rawForUsd('1', '60000.5', 8)).toBe(1666n);
    expect(rawForUsd('0.0001', '60000.5', 8)).toBe(0n);
  });
});
