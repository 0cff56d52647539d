import { meetsPerpMinimum, roundPerpPrice, roundPerpSize } from './perp-rounding';

describe('roundPerpPrice', () => {
  it('keeps 5 significant figures, buys rounding down and sells up', () => {
    expect(roundPerpPrice('1234.567', 'buy')).toBe('1234.5');
    expect(roundPerpPrice('1234.567', 'sell')).toBe('1234.6');
    expect(roundPerpPrice('0.000123456', 'buy')).toBe('0.00012345');
    expect(roundPerpPrice('0.000123456', 'sell')).toBe('0.00012346');
  });

  it('always allows a whole-number price, however many digits', () => {
    expect(roundPerpPrice('123456.7', 'buy')).toBe('123456');
    expect(roundPerpPrice('123456.2', 'sell')).toBe('123457');
    expect(roundPerpPrice('98765.4', 'sell')).toBe('98766');
  });

  it('caps the decimals at 6 minus the coin size decimals', () => {
    expect(roundPerpPrice('1.234567', 'buy', { szDecimals: 2 })).toBe('1.2345');
    expect(roundPerpPrice('1.234567', 'sell', { szDecimals: 4 })).toBe('1.24');
    expect(roundPerpPrice('3000.55', 'sell', { szDecimals: 5 })).toBe('3000.6');
  });

  it('leaves a price already on the grid alone', () => {
    expect(roundPerpPrice('2500', 'buy', { szDecimals: 4 })).toBe('2500');
    expect(roundPerpPrice('2500.5', 'sell', { szDecimals: 4 })).toBe('2500.5');
  });

  it('refuses zero and negative prices', () => {
    expect(() => roundPerpPrice('0', 'buy')).toThrow(RangeError);
    expect(() => roundPerpPrice('-1', 'sell')).toThrow(RangeError);
  });
});

describe('roundPerpSize', () => {
  it('rounds toward zero to the coin size decimals', () => {
    expect(roundPerpSize('0.123456789', { szDecimals: 5 })).toBe('0.12345');
    expect(roundPerpSize('1.999', { szDecimals: 2 })).toBe('1.99');
    expect(roundPerpSize('0.004', { szDecimals: 2 })).toBe('0');
    expect(roundPerpSize('12', { szDecimals: 0 })).toBe('12');
  });
});

describe('meetsPerpMinimum', () => {
  it('compares rounded size times limit price with 10 quote units', () => {
    expect(meetsPerpMinimum('0.0001', '100000')).toBe(true);
    expect(meetsPerpMinimum('0.00009', '100000')).toBe(false);
  });
});
