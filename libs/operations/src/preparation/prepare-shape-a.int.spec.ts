import { MARKET_SPECS, PUSD_POLYGON, USDC_ADDRESSES, outcomeTokenId } from '@vetted/sandbox';
import { prepareShapeA } from './prepare-shape-a';
import type { ShapeAOperation } from './shape-a-request';
import { ETH, USDC, preparationSandbox, refusal, refusedPaths } from './testing/preparation-sandbox';

const open = preparationSandbox();

describe('prepareShapeA', () => {
  it('prepares every arm into plain JSON: the captured actions are stored in events as they are', async () => {
    const { sandbox, wallets, prepare } = open();
    const me = wallets.evm.address;
    await sandbox.faucet('base', me, null, ETH);
    await sandbox.faucet('base', me, USDC_ADDRESSES.base, 100n * USDC);
    await sandbox.faucet('perps', me, 'USDC', 100n * USDC);
    await sandbox.faucet('polygon', me, PUSD_POLYGON, 100n * USDC);
    await sandbox.perps.placeOrder({
      submissionId: 'position',
      address: me,
      coin: 'SOL',
      side: 'buy',
      size: '1',
      limitPx: '200',
      reduceOnly: false,
    });
    const operations: ShapeAOperation[] = [
      {
        kind: 'swap',
        walletId: 1,
        swapIntent: {
          from: { network: 'base', token: USDC_ADDRESSES.base },
          to: { network: 'base', token: null },
          amount: '10',
          quoteFloor: { sellRaw: '1', receiveRaw: '1' },
        },
      },
      {
        kind: 'send',
        walletId: 1,
        sendIntent: { token: { network: 'base', token: null }, amount: '0.1', to: { walletId: 3 } },
      },
      {
        kind: 'perp',
        walletId: 1,
        perpIntent: { coin: 'ETH', side: 'short', leverage: 2, amountUsdc: '20' },
      },
      { kind: 'perpClose', walletId: 1, closeIntent: { coin: 'SOL' } },
      {
        kind: 'prediction',
        walletId: 1,
        order: { action: 'buy', outcome: outcomeTokenId(MARKET_SPECS[1].id, 'No'), spendPusd: '5' },
      },
    ];
    for (const operation of operations) {
      const prepared = await prepare(operation);
      expect(JSON.parse(JSON.stringify(prepared))).toEqual(prepared);
      expect(prepared.review).toMatchObject({ walletId: 1, summary: expect.any(String) });
    }
  });

  it('refuses an archived paying wallet by its field', async () => {
    const { prepare } = open();
    const operation = { kind: 'perpClose', walletId: 4, closeIntent: { coin: 'BTC' } } as const;
    expect(await refusal(prepare(operation))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'operation.walletId', message: 'is archived; choose an active wallet' }],
    });
  });

  it('checks the structure of a request that did not come through a validated DTO', async () => {
    const { prepare } = open();
    expect(
      await refusedPaths(
        prepare({ kind: 'perpClose', walletId: 1, closeIntent: { coin: 'BTC', size: 'max' } }),
      ),
    ).toEqual(['operation.closeIntent.size']);
  });

  it('treats a context whose wallet is not the one the operation names as a bug of the caller', async () => {
    const { context, wallets } = open();
    const operation = { kind: 'perpClose', walletId: 3, closeIntent: { coin: 'BTC' } } as const;
    await expect(prepareShapeA(operation, context(wallets.evm))).rejects.toThrow(
      'context.wallet is wallet 1, the operation names 3',
    );
  });
});
