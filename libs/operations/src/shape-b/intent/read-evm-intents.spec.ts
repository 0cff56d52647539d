import { readShapeBIntent } from './read-shape-b-intent';
import { intentProblems } from './testing/field-errors';

const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const router = '0x1111111254EEB25477B68fb85Ed929f73A960582';
const call = {
  type: 'evmCall',
  walletId: 1,
  network: 'arbitrum',
  to: router.toLowerCase(),
  data: '0xA9059CBB',
  value: '0',
  gasLimit: '21000',
  sourceUrl: 'https://app.example.com',
};
const approval = {
  type: 'tokenApproval',
  walletId: 1,
  asset: { network: 'base', asset: usdc },
  spender: router,
  amount: '250.0',
};

describe('readShapeBIntent: evmCall (rule 8)', () => {
  it('reads a complete call, checksumming to and lowercasing data', () => {
    expect(readShapeBIntent(call)).toEqual({ ...call, to: router, data: '0xa9059cbb' });
    expect(readShapeBIntent({ ...call, data: '0x', value: '1000000000000000000' })).toMatchObject({
      data: '0x',
    });
  });

  it('requires every call parameter', () => {
    expect(intentProblems({ type: 'evmCall', walletId: 1 })).toEqual({
      'intent.network': 'is required',
      'intent.to': 'is required',
      'intent.data': 'is required',
      'intent.value': 'is required',
      'intent.gasLimit': 'is required',
    });
  });

  it('refuses a non-EVM network, a bad recipient, odd or non-hex data and non-canonical integers (rule 5)', () => {
    expect(
      intentProblems({
        ...call,
        network: 'solana',
        to: router.replace('EEB', 'eeb'),
        data: '0xabc',
        value: '01',
        gasLimit: '0',
      }),
    ).toEqual({
      'intent.network': 'must be one of ethereum, base, arbitrum, polygon',
      'intent.to': expect.stringContaining('checksum'),
      'intent.data': expect.stringContaining('even number of hex digits'),
      'intent.value': expect.stringContaining('without leading zeroes'),
      'intent.gasLimit': expect.stringContaining('positive integer'),
    });
    for (const data of ['a9059cbb', '0xzz', '', 12])
      expect(intentProblems({ ...call, data })).toHaveProperty(['intent.data']);
    for (const value of ['-1', '1.0', '1e18', 1, '1,000'])
      expect(intentProblems({ ...call, value })).toHaveProperty(['intent.value']);
    expect(intentProblems({ ...call, network: 'perps' })).toHaveProperty(['intent.network']);
  });
});

describe('readShapeBIntent: tokenApproval', () => {
  it('reads an ERC-20 allowance in human units', () => {
    expect(readShapeBIntent({ ...approval, asset: { network: 'base', asset: usdc.toLowerCase() } })).toEqual({
      type: 'tokenApproval',
      walletId: 1,
      asset: { kind: 'evmToken', network: 'base', asset: usdc },
      spender: router,
      amount: '250.0',
    });
  });

  it('refuses the native token, a Solana asset, a bad spender and a non-positive amount', () => {
    expect(
      intentProblems({
        ...approval,
        asset: { network: 'base', asset: 'native' },
        spender: '0x12',
        amount: '0',
      }),
    ).toEqual({
      'intent.asset.asset': 'must be a token contract address (0x followed by 40 hex digits)',
      'intent.spender': 'must be an EVM address (0x followed by 40 hex digits)',
      'intent.amount': expect.stringContaining('positive decimal'),
    });
    expect(intentProblems({ ...approval, asset: { network: 'solana', asset: 'native' } })).toHaveProperty([
      'intent.asset.network',
    ]);
    expect(intentProblems({ ...approval, amount: 'max' })).toHaveProperty(['intent.amount']);
    expect(intentProblems({ ...approval, spender: `0x${'0'.repeat(40)}` })).toEqual({
      'intent.spender': 'is the zero address: no one can spend an allowance given to it',
    });
  });
});
