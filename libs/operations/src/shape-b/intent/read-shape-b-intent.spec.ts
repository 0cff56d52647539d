import { ValidationFailed } from '@vetted/kernel';
import { readShapeBIntent } from './read-shape-b-intent';
import { SHAPE_B_TYPES } from './shape-b-intent';
import { SLIPPAGE_MESSAGE } from './slippage';
import { intentProblems } from './testing/field-errors';

const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const vitalik = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const swap = {
  type: 'swap',
  walletId: 1,
  from: { network: 'ethereum', asset: usdc.toLowerCase() },
  to: { network: 'ethereum', asset: 'native' },
  amount: '100.50',
};
const send = {
  type: 'send',
  walletId: 2,
  asset: { network: 'base', asset: 'native' },
  amount: 'max',
  to: { walletId: 3 },
};

describe('readShapeBIntent: every intent', () => {
  it('refuses a non-object intent', () => {
    for (const bad of [null, [], 'swap', 3])
      expect(intentProblems(bad)).toEqual({ intent: 'must be an object' });
  });

  it('refuses a missing or unknown type, naming the types', () => {
    const message = `must be one of ${SHAPE_B_TYPES.join(', ')}`;
    expect(intentProblems({ walletId: 1 })).toEqual({ 'intent.type': message });
    expect(intentProblems({ type: 'bridge', walletId: 0 })).toEqual({
      'intent.type': message,
      'intent.walletId': 'must be a wallet id (a positive integer)',
    });
  });

  it('requires a positive integer walletId (rule 1)', () => {
    for (const bad of [0, -1, 1.5, '1', null, 2 ** 53])
      expect(intentProblems({ ...swap, walletId: bad })).toHaveProperty(['intent.walletId']);
    expect(intentProblems({ ...swap, walletId: undefined })).toEqual({ 'intent.walletId': 'is required' });
  });

  it('keeps an http(s) sourceUrl as provenance on any type, and refuses others (rule 7)', () => {
    const url = 'https://app.example.com/swap?x=1';
    expect(readShapeBIntent({ ...swap, sourceUrl: url })).toMatchObject({ sourceUrl: url });
    expect(readShapeBIntent({ ...send, sourceUrl: 'http://example.com' })).toMatchObject({
      sourceUrl: 'http://example.com',
    });
    expect(readShapeBIntent(swap)).not.toHaveProperty('sourceUrl');
    for (const bad of ['javascript:alert(1)', 'example.com', '', 7, `https://x.com/${'a'.repeat(2100)}`])
      expect(intentProblems({ ...swap, sourceUrl: bad })).toHaveProperty(['intent.sourceUrl']);
  });

  it('refuses unknown properties, and reports every problem at once', () => {
    expect(
      intentProblems({ ...swap, quoteFloor: {}, amount: '-1', from: { network: 'x', asset: 'native' } }),
    ).toEqual({
      'intent.quoteFloor': 'is not an allowed property',
      'intent.amount': expect.stringContaining('must be a positive decimal'),
      'intent.from.network': expect.stringContaining('must be one of'),
    });
  });

  it('throws ValidationFailed listing the fields', () => {
    expect(() => readShapeBIntent({ ...swap, amount: '0' })).toThrow(ValidationFailed);
  });
});

describe('readShapeBIntent: swap', () => {
  it('normalises the token address, defaults the slippage and types the amount', () => {
    expect(readShapeBIntent(swap)).toEqual({
      type: 'swap',
      walletId: 1,
      from: { kind: 'evmToken', network: 'ethereum', asset: usdc },
      to: { kind: 'native', network: 'ethereum', asset: 'native' },
      amount: { kind: 'exact', decimal: '100.50' },
      slippage: '1',
    });
  });

  it('takes every amount kind, a slippage and toWalletId', () => {
    const intent = { ...swap, amount: { percentOfBalance: '25' }, slippage: '0.5', toWalletId: 4 };
    expect(readShapeBIntent(intent)).toMatchObject({
      amount: { kind: 'percentOfBalance', percent: '25' },
      slippage: '0.5',
      toWalletId: 4,
    });
    expect(readShapeBIntent({ ...swap, amount: { valueUsd: '10.50' } })).toMatchObject({
      amount: { kind: 'valueUsd', usd: '10.50' },
    });
    expect(
      readShapeBIntent({ ...swap, to: { network: 'solana', asset: mint }, slippage: null }),
    ).toMatchObject({ slippage: '1' });
  });

  it('refuses perp coins, outcomes, a bad slippage and a bad toWalletId', () => {
    expect(
      intentProblems({ ...swap, to: { network: 'perps', asset: 'BTC' }, slippage: '100', toWalletId: 0 }),
    ).toEqual({
      'intent.to.network': 'must be one of ethereum, base, arbitrum, polygon, solana',
      'intent.slippage': SLIPPAGE_MESSAGE,
      'intent.toWalletId': 'must be a wallet id (a positive integer)',
    });
    expect(intentProblems({ ...swap, from: { network: 'polygon', asset: '12345' } })).toHaveProperty([
      'intent.from.asset',
    ]);
    expect(intentProblems({ ...swap, amount: undefined })).toEqual({ 'intent.amount': 'is required' });
  });
});

describe('readShapeBIntent: send', () => {
  it('reads a send to an owned wallet or to a checksummed address', () => {
    expect(readShapeBIntent(send)).toEqual({
      type: 'send',
      walletId: 2,
      asset: { kind: 'native', network: 'base', asset: 'native' },
      amount: { kind: 'max' },
      to: { walletId: 3 },
    });
    expect(readShapeBIntent({ ...send, to: { address: vitalik.toLowerCase() } })).toMatchObject({
      to: { address: vitalik },
    });
    const sol = { ...send, asset: { network: 'solana', asset: mint }, to: { address: mint } };
    expect(readShapeBIntent(sol)).toMatchObject({ to: { address: mint }, asset: { kind: 'solanaMint' } });
  });

  it('checks the recipient against the asset network and its checksum', () => {
    expect(intentProblems({ ...send, to: { address: mint } })).toHaveProperty(['intent.to.address']);
    expect(intentProblems({ ...send, to: { address: vitalik.replace('dA6', 'Da6') } })).toEqual({
      'intent.to.address': expect.stringContaining('wrong EIP-55 checksum'),
    });
    expect(
      intentProblems({ ...send, asset: { network: 'solana', asset: 'native' }, to: { address: vitalik } }),
    ).toHaveProperty(['intent.to.address']);
  });

  it('takes exactly one of walletId or address', () => {
    expect(intentProblems({ ...send, to: { walletId: 3, address: vitalik } })).toEqual({
      'intent.to': 'must have exactly one of walletId or address',
    });
    expect(intentProblems({ ...send, to: {} })).toHaveProperty(['intent.to']);
    expect(intentProblems({ ...send, to: { walletId: -3 } })).toHaveProperty(['intent.to.walletId']);
    expect(intentProblems({ ...send, to: { wallet: 3 } })).toHaveProperty(['intent.to.wallet']);
    expect(intentProblems({ ...send, to: undefined, amount: '0.00' })).toEqual({
      'intent.to': 'is required',
      'intent.amount': expect.any(String),
    });
  });
});
