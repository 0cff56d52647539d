import { FieldProblems } from '../../preparation/field-problems';
import { type AssetKind, SENDABLE_KINDS, TRADABLE_KINDS, readAssetSide } from './asset-side';
import { problemsOf } from './testing/field-errors';

const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const usdcMint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const read = (value: unknown, allowed: readonly AssetKind[] = TRADABLE_KINDS) =>
  readAssetSide(value, 'intent.from', new FieldProblems(), allowed);
const problems = (value: unknown, allowed: readonly AssetKind[] = TRADABLE_KINDS) =>
  problemsOf((p) => readAssetSide(value, 'intent.from', p, allowed));

describe('readAssetSide', () => {
  it('reads the native token of an EVM network and of solana', () => {
    expect(read({ network: 'base', asset: 'native' })).toEqual({
      kind: 'native',
      network: 'base',
      asset: 'native',
    });
    expect(read({ network: 'solana', asset: 'native' })).toEqual({
      kind: 'native',
      network: 'solana',
      asset: 'native',
    });
  });

  it('normalises any hex casing of an EVM token address to its EIP-55 checksum', () => {
    for (const spelling of [
      usdc,
      usdc.toLowerCase(),
      `0x${usdc.slice(2).toUpperCase()}`,
      '0xa0B86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    ])
      expect(read({ network: 'ethereum', asset: spelling })).toEqual({
        kind: 'evmToken',
        network: 'ethereum',
        asset: usdc,
      });
  });

  it('keeps a Solana mint verbatim and refuses it in another case', () => {
    expect(read({ network: 'solana', asset: usdcMint })).toEqual({
      kind: 'solanaMint',
      network: 'solana',
      asset: usdcMint,
    });
    expect(problems({ network: 'solana', asset: usdcMint.toLowerCase() })).toHaveProperty([
      'intent.from.asset',
    ]);
    expect(problems({ network: 'solana', asset: '1111' })).toHaveProperty(['intent.from.asset']);
    expect(problems({ network: 'solana', asset: usdc })).toHaveProperty(['intent.from.asset']);
  });

  it('refuses an unknown network at .network, and a network the field does not take', () => {
    expect(problems({ network: 'bitcoin', asset: 'native' })).toEqual({
      'intent.from.network': 'must be one of ethereum, base, arbitrum, polygon, solana',
    });
    expect(problems({ network: 'perps', asset: 'BTC' })).toHaveProperty(['intent.from.network']);
    expect(problems({ asset: 'native' })).toEqual({ 'intent.from.network': 'is required' });
  });

  it('takes a perp-venue coin on perps, verbatim, where the field allows it', () => {
    expect(read({ network: 'perps', asset: 'BTC' }, ['perpCoin'])).toEqual({
      kind: 'perpCoin',
      network: 'perps',
      asset: 'BTC',
    });
    expect(read({ network: 'perps', asset: 'kPEPE' }, SENDABLE_KINDS)).toMatchObject({ asset: 'kPEPE' });
    expect(problems({ network: 'perps', asset: '' }, ['perpCoin'])).toHaveProperty(['intent.from.asset']);
    expect(problems({ network: 'perps', asset: 'native' }, ['perpCoin'])).toHaveProperty([
      'intent.from.asset',
    ]);
    expect(problems({ network: 'base', asset: 'BTC' }, ['perpCoin'])).toEqual({
      'intent.from.network': 'must be one of perps',
    });
  });

  it('takes a prediction outcome id on polygon only where the field allows it', () => {
    expect(read({ network: 'polygon', asset: '123456789' }, ['predictionOutcome'])).toEqual({
      kind: 'predictionOutcome',
      network: 'polygon',
      asset: '123456789',
    });
    expect(problems({ network: 'polygon', asset: '0123' }, ['predictionOutcome'])).toHaveProperty([
      'intent.from.asset',
    ]);
    expect(problems({ network: 'polygon', asset: '123' })).toEqual({
      'intent.from.asset': 'must be "native" or a token contract address (0x followed by 40 hex digits)',
    });
    expect(problems({ network: 'base', asset: '1' }, ['predictionOutcome'])).toEqual({
      'intent.from.network': 'must be one of polygon',
    });
  });

  it('refuses malformed sides and unknown properties', () => {
    expect(problems({ network: 'base', asset: '0x1234' })).toHaveProperty(['intent.from.asset']);
    expect(problems({ network: 'base', asset: 'NATIVE' })).toHaveProperty(['intent.from.asset']);
    expect(problems({ network: 'base', asset: 5 })).toEqual({
      'intent.from.asset': 'must be a non-empty string',
    });
    expect(problems({ network: 'base', token: null })).toEqual({
      'intent.from.token': 'is not an allowed property',
      'intent.from.asset': 'is required',
    });
    expect(problems('native')).toEqual({ 'intent.from': 'must be an object' });
    expect(problems(undefined)).toEqual({ 'intent.from': 'is required' });
  });
});
