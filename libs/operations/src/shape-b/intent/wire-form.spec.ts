import { toChecksumAddress } from '@vetted/kernel';
import { readShapeBIntent } from './read-shape-b-intent';
import { intentOnTheWire } from './wire-form';

const evm = '0x' + 'ab'.repeat(20);
const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const program = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

/** Intents as a client writes them, one of each form. */
const WRITTEN: Record<string, unknown>[] = [
  {
    type: 'swap',
    walletId: 1,
    from: { network: 'base', asset: 'native' },
    to: { network: 'base', asset: evm },
    amount: '1.50',
  },
  {
    type: 'swap',
    walletId: 1,
    from: { network: 'solana', asset: mint },
    to: { network: 'solana', asset: 'native' },
    amount: 'max',
    slippage: '0.5',
    toWalletId: 2,
  },
  {
    type: 'send',
    walletId: 1,
    asset: { network: 'base', asset: 'native' },
    amount: { percentOfBalance: '25' },
    to: { walletId: 3 },
  },
  {
    type: 'send',
    walletId: 1,
    asset: { network: 'base', asset: evm },
    amount: { valueUsd: '10.50' },
    to: { address: evm },
    sourceUrl: 'https://example.com/x',
  },
  {
    type: 'spotOrder',
    walletId: 1,
    side: 'buy',
    asset: { network: 'perps', asset: 'BTC' },
    valueUsdc: 'max',
  },
  {
    type: 'spotOrder',
    walletId: 1,
    side: 'sell',
    asset: { network: 'perps', asset: 'ETH' },
    size: '0.25',
    slippage: '2',
  },
  {
    type: 'perpOrder',
    walletId: 1,
    coin: 'BTC',
    side: 'long',
    marginUsdc: '50',
    exposureMultiple: '3',
    leverage: 5,
  },
  { type: 'perpOrder', walletId: 1, coin: 'ETH', side: 'short', valueUsd: '100' },
  { type: 'perpOrder', walletId: 1, coin: 'SOL', reduce: true, expectedSide: 'long', sizePercent: '50' },
  { type: 'perpOrder', walletId: 1, coin: 'SOL', reduce: true, size: 'max' },
  {
    type: 'prediction',
    walletId: 1,
    action: 'buy',
    outcome: { network: 'polygon', asset: '123' },
    spendPusd: '10',
  },
  {
    type: 'prediction',
    walletId: 1,
    action: 'sell',
    outcome: { network: 'polygon', asset: '123' },
    shares: 'max',
  },
  { type: 'prediction', walletId: 1, action: 'redeem', outcome: { network: 'polygon', asset: '123' } },
  { type: 'tokenApproval', walletId: 1, asset: { network: 'base', asset: evm }, spender: evm, amount: '100' },
  {
    type: 'evmCall',
    walletId: 1,
    network: 'base',
    to: evm,
    data: '0xa9059cbb',
    value: '0',
    gasLimit: '60000',
  },
  {
    type: 'solanaInstruction',
    walletId: 2,
    programAddress: program,
    accounts: [{ address: mint, isSigner: false, isWritable: true }],
    data: [{ anchor: 'initialize' }, { u64: '1' }],
  },
  { type: 'solanaTransaction', walletId: 2, transaction: 'AQID' },
];

describe('intentOnTheWire', () => {
  it.each(WRITTEN.map((intent) => [`${intent.type} ${JSON.stringify(intent).slice(0, 60)}`, intent]))(
    'writes a checked intent back in the client language, which reads back to the same intent: %s',
    (_name, written) => {
      const intent = readShapeBIntent(written);
      const wire = intentOnTheWire(intent);
      expect(readShapeBIntent(wire)).toEqual(intent);
      expect(JSON.stringify(wire)).not.toContain('"kind"');
    },
  );

  it('shows the normalisations: EIP-55 addresses and the default slippage', () => {
    expect(intentOnTheWire(readShapeBIntent(WRITTEN[0]))).toEqual({
      type: 'swap',
      walletId: 1,
      from: { network: 'base', asset: 'native' },
      to: { network: 'base', asset: toChecksumAddress(evm) },
      amount: '1.50',
      slippage: '1',
    });
  });
});
