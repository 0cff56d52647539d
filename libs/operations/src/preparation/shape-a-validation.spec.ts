import { ValidationFailed } from '@vetted/kernel';
import { readShapeAOperation } from './shape-a-validation';

const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const swap = {
  kind: 'swap',
  walletId: 1,
  swapIntent: {
    from: { network: 'ethereum', token: usdc },
    to: { network: 'ethereum', token: null },
    amount: '100',
    quoteFloor: { sellRaw: '1000000', receiveRaw: '1' },
  },
};

function fieldsOf(value: unknown): Record<string, string> {
  try {
    readShapeAOperation(value);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailed);
    return Object.fromEntries((error as ValidationFailed).fields!.map((f) => [f.path, f.message]));
  }
  throw new Error('expected a validation failure');
}

describe('readShapeAOperation', () => {
  it('returns a well-formed operation of every kind as it is', () => {
    const operations = [
      swap,
      { ...swap, swapIntent: { ...swap.swapIntent, amount: 'max', toWalletId: 3 } },
      {
        kind: 'send',
        walletId: 1,
        sendIntent: { token: { network: 'base', token: null }, amount: '0.50', to: { address: '0xabc' } },
      },
      {
        kind: 'send',
        walletId: 1,
        sendIntent: { token: { network: 'base', token: null }, amount: 'max', to: { walletId: 3 } },
      },
      {
        kind: 'perp',
        walletId: 1,
        perpIntent: { coin: 'BTC', side: 'long', leverage: 5, amountUsdc: '100' },
      },
      { kind: 'perp', walletId: 1, perpIntent: { coin: 'BTC', side: 'short', amountUsdc: 'max' } },
      { kind: 'perpClose', walletId: 1, closeIntent: { coin: 'ETH' } },
      { kind: 'prediction', walletId: 1, order: { action: 'buy', outcome: '123', spendPusd: '5' } },
      { kind: 'prediction', walletId: 1, order: { action: 'sell', outcome: '123', shares: 'max' } },
    ];
    for (const operation of operations) expect(readShapeAOperation(operation)).toBe(operation);
  });

  it('refuses a missing or unknown kind, and a non-object', () => {
    expect(fieldsOf({ walletId: 1 })).toEqual({
      'operation.kind': 'must be one of swap, send, perp, perpClose, prediction',
    });
    expect(fieldsOf({ kind: 'bridge', walletId: 1 })).toHaveProperty(['operation.kind']);
    expect(fieldsOf([])).toEqual({ operation: 'must be an object' });
    expect(fieldsOf(null)).toEqual({ operation: 'must be an object' });
  });

  it('reports every problem of a request at once, by field path', () => {
    expect(
      fieldsOf({
        kind: 'swap',
        walletId: 0,
        extra: true,
        swapIntent: {
          from: { network: 'ethereum' },
          to: { network: 'ethereum', token: null, chain: 1 },
          amount: '01.5',
          quoteFloor: { sellRaw: '1.0', receiveRaw: '0' },
          toWalletId: '3',
          slippage: '1',
        },
      }),
    ).toEqual({
      'operation.extra': 'is not an allowed property',
      'operation.walletId': 'must be a wallet id (a positive integer)',
      'operation.swapIntent.slippage': 'is not an allowed property',
      'operation.swapIntent.from.token': 'is required (null for the native asset)',
      'operation.swapIntent.to.chain': 'is not an allowed property',
      'operation.swapIntent.amount': expect.stringMatching(/positive decimal .* or "max"/),
      'operation.swapIntent.quoteFloor.sellRaw': expect.stringMatching(/positive integer in raw base units/),
      'operation.swapIntent.quoteFloor.receiveRaw': expect.stringMatching(
        /positive integer in raw base units/,
      ),
      'operation.swapIntent.toWalletId': 'must be a wallet id (a positive integer)',
    });
  });

  it('names the uint256 bound of a raw integer that is otherwise well formed', () => {
    const max = ((1n << 256n) - 1n).toString();
    const over = (1n << 256n).toString();
    for (const sellRaw of ['9'.repeat(79), over, '9'.repeat(78)])
      expect(
        fieldsOf({ ...swap, swapIntent: { ...swap.swapIntent, quoteFloor: { sellRaw, receiveRaw: '1' } } }),
      ).toEqual({ 'operation.swapIntent.quoteFloor.sellRaw': expect.stringMatching(/at most 2\^256 - 1/) });
    expect(over).toHaveLength(78);
    expect(() =>
      readShapeAOperation({
        ...swap,
        swapIntent: { ...swap.swapIntent, quoteFloor: { sellRaw: max, receiveRaw: '1' } },
      }),
    ).not.toThrow();
  });

  it('reads amounts with the exact decimal grammar', () => {
    const at = 'operation.swapIntent.amount';
    for (const amount of ['0', '0.00', '-1', '1e6', '1,000', ' 1', '.5', '1.', 'MAX', 1.5])
      expect(fieldsOf({ ...swap, swapIntent: { ...swap.swapIntent, amount } })).toHaveProperty([at]);
    for (const amount of ['1', '0.5', '1.50', '100.000', 'max'])
      expect(() =>
        readShapeAOperation({ ...swap, swapIntent: { ...swap.swapIntent, amount } }),
      ).not.toThrow();
  });

  it('needs exactly one recipient of a send', () => {
    const send = (to: unknown) => ({
      kind: 'send',
      walletId: 1,
      sendIntent: { token: { network: 'base', token: null }, amount: '1', to },
    });
    const exactlyOne = 'must have exactly one of walletId or address';
    expect(fieldsOf(send({}))).toEqual({ 'operation.sendIntent.to': exactlyOne });
    expect(fieldsOf(send({ walletId: 3, address: '0xabc' }))).toEqual({
      'operation.sendIntent.to': exactlyOne,
    });
    expect(fieldsOf(send({ walletId: -3 }))).toEqual({
      'operation.sendIntent.to.walletId': 'must be a wallet id (a positive integer)',
    });
    expect(fieldsOf(send({ address: '' }))).toHaveProperty(['operation.sendIntent.to.address']);
  });

  it('names the native asset with null only: "native" is Shape B\'s spelling (one request, one spelling)', () => {
    const native = { network: 'base', token: 'native' };
    expect(fieldsOf({ ...swap, swapIntent: { ...swap.swapIntent, to: native } })).toEqual({
      'operation.swapIntent.to.token': 'must be null for the native asset',
    });
    expect(
      fieldsOf({
        kind: 'send',
        walletId: 1,
        sendIntent: { token: native, amount: '1', to: { walletId: 3 } },
      }),
    ).toEqual({ 'operation.sendIntent.token.token': 'must be null for the native asset' });
  });

  it('bounds perp leverage to integers 1..100 and the side to long or short', () => {
    const perp = (perpIntent: Record<string, unknown>) => ({
      kind: 'perp',
      walletId: 1,
      perpIntent: { coin: 'BTC', side: 'long', amountUsdc: '10', ...perpIntent },
    });
    for (const leverage of [0, 101, 2.5, '5', null])
      expect(fieldsOf(perp({ leverage }))).toEqual({
        'operation.perpIntent.leverage': 'must be an integer from 1 to 100',
      });
    expect(fieldsOf(perp({ side: 'buy' }))).toEqual({
      'operation.perpIntent.side': 'must be one of long, short',
    });
    expect(fieldsOf(perp({ amountUsdc: undefined }))).toEqual({
      'operation.perpIntent.amountUsdc': 'is required',
    });
  });

  it('keeps buys to spendPusd and sells to shares; a buy never spends "max"', () => {
    const order = (fields: Record<string, unknown>) => ({
      kind: 'prediction',
      walletId: 1,
      order: { outcome: '1', ...fields },
    });
    expect(fieldsOf(order({ action: 'buy', spendPusd: 'max' }))).toEqual({
      'operation.order.spendPusd': expect.stringMatching(/positive decimal/),
    });
    expect(fieldsOf(order({ action: 'buy', spendPusd: '5', shares: '1' }))).toEqual({
      'operation.order.shares': 'is for sells; a buy gives spendPusd',
    });
    expect(fieldsOf(order({ action: 'sell', shares: '1', spendPusd: '5' }))).toEqual({
      'operation.order.spendPusd': 'is for buys; a sell gives shares',
    });
    expect(fieldsOf(order({ action: 'sell' }))).toEqual({ 'operation.order.shares': 'is required' });
    expect(fieldsOf(order({ action: 'redeem' }))).toEqual({
      'operation.order.action': 'must be one of buy, sell',
    });
  });
});
