import { readShapeBIntent } from './read-shape-b-intent';
import { intentProblems } from './testing/field-errors';

const outcome = {
  network: 'polygon',
  asset: '71321045679252212594626385532706912750332728571942532289631379312455583992563',
};
const buy = { type: 'prediction', walletId: 1, action: 'buy', outcome, spendPusd: '5.00' };
const sell = { type: 'prediction', walletId: 1, action: 'sell', outcome, shares: 'max' };
const redeem = { type: 'prediction', walletId: 1, action: 'redeem', outcome };

describe('readShapeBIntent: prediction', () => {
  it('reads a buy, a sell and a redemption', () => {
    expect(readShapeBIntent(buy)).toEqual({
      type: 'prediction',
      walletId: 1,
      action: 'buy',
      outcome: { kind: 'predictionOutcome', ...outcome },
      spendPusd: '5.00',
    });
    expect(readShapeBIntent(sell)).toMatchObject({ shares: { kind: 'max' } });
    expect(readShapeBIntent({ ...sell, shares: '12.5' })).toMatchObject({
      shares: { kind: 'exact', decimal: '12.5' },
    });
    expect(readShapeBIntent(redeem)).toEqual({
      type: 'prediction',
      walletId: 1,
      action: 'redeem',
      outcome: { kind: 'predictionOutcome', ...outcome },
    });
  });

  it('requires the field of the action and refuses those of the others', () => {
    expect(intentProblems({ ...buy, spendPusd: undefined, shares: '1' })).toEqual({
      'intent.spendPusd': 'is required',
      'intent.shares': 'is for sells; a buy gives spendPusd',
    });
    expect(intentProblems({ ...sell, shares: undefined, spendPusd: '1' })).toEqual({
      'intent.shares': 'is required',
      'intent.spendPusd': 'is for buys; a sell gives shares',
    });
    expect(intentProblems({ ...redeem, shares: 'max' })).toHaveProperty(['intent.shares']);
    expect(intentProblems({ ...buy, spendPusd: 'max' })).toHaveProperty(['intent.spendPusd']);
    expect(intentProblems({ ...sell, shares: '0' })).toHaveProperty(['intent.shares']);
  });

  it('takes an outcome id on polygon only, and a known action', () => {
    expect(intentProblems({ ...buy, outcome: { network: 'base', asset: '1' } })).toEqual({
      'intent.outcome.network': 'must be one of polygon',
    });
    expect(intentProblems({ ...buy, outcome: { network: 'polygon', asset: 'native' } })).toHaveProperty([
      'intent.outcome.asset',
    ]);
    expect(intentProblems({ ...buy, outcome: '123' })).toEqual({ 'intent.outcome': 'must be an object' });
    expect(intentProblems({ ...buy, action: 'short' })).toEqual({
      'intent.action': 'must be one of buy, sell, redeem',
    });
  });
});
