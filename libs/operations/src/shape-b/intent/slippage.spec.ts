import { DEFAULT_SLIPPAGE, SLIPPAGE_MESSAGE, readSlippage } from './slippage';
import { problemsOf } from './testing/field-errors';

const problems = (value: unknown) => problemsOf((p) => readSlippage(value, 'intent.slippage', p));

describe('readSlippage', () => {
  it('defaults an omitted or null slippage to 1%', () => {
    expect(DEFAULT_SLIPPAGE).toBe('1');
    expect(problemsOf((p) => expect(readSlippage(undefined, 'intent.slippage', p)).toBe('1'))).toEqual({});
    expect(problemsOf((p) => expect(readSlippage(null, 'intent.slippage', p)).toBe('1'))).toEqual({});
  });

  it('accepts 0 up to, not including, 100, verbatim', () => {
    for (const ok of ['0', '0.0', '0.5', '0.50', '1', '99.999', '50'])
      expect(problemsOf((p) => expect(readSlippage(ok, 'intent.slippage', p)).toBe(ok))).toEqual({});
  });

  it('refuses 100 and above, signs, exponents, separators and leading zeroes', () => {
    for (const bad of ['100', '100.0', '250', '-1', '+1', '1e-1', '0,5', '05', '00.5', '.5', '', 0.5, 'max'])
      expect(problems(bad)).toEqual({ 'intent.slippage': SLIPPAGE_MESSAGE });
  });
});
