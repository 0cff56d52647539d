import { extend } from '@vetted/kernel';
import type { LegReceipt } from '@vetted/operations';
import { operationActivityItem, type SettledOperation, settledOperation } from './operation-item';

const PAYER = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const POOL = '0x3333333333333333333333333333333333333333';
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

type Transfer = LegReceipt['transfers'][number];
const eth = (
  from: string | null,
  to: string | null,
  amountRaw: string,
  purpose: 'value' | 'fee',
): Transfer => ({
  network: 'base',
  token: null,
  from,
  to,
  amountRaw,
  purpose,
  symbol: 'ETH',
  decimals: 18,
});
const receipt = (network: string, transfers: Transfer[]): LegReceipt => ({
  hash: `0x${'ab'.repeat(32)}`,
  network,
  status: 'success',
  blockNumber: 1,
  feeRaw: '0',
  transfers,
});
const settled = (
  kind: string,
  receipts: LegReceipt[],
  outcome: SettledOperation['outcome'] = 'done',
): SettledOperation => ({
  operationId: '00000000-0000-4000-8000-000000000001',
  userId: 'u1',
  username: 'alice',
  walletId: 1,
  kind: 'action_sequence',
  creationRequest: { kind },
  receipts,
  payer: PAYER,
  deliveredTo: null,
  route: null,
  outcome,
  errorCode: outcome === 'done' ? null : 'SUBMISSION_REJECTED',
  error: outcome === 'done' ? null : 'rejected',
  at: '2026-11-22T00:00:00.000Z',
});

describe('an operation activity item', () => {
  it('titles a native send with the amount sent, its gas fee only in the asset change', () => {
    const item = operationActivityItem(
      settled('send', [
        receipt('base', [
          eth(PAYER, OTHER, '10000000000000000', 'value'),
          eth(PAYER, null, '210000000000', 'fee'),
        ]),
      ]),
    );
    expect(item.title).toBe('Sent 0.01 ETH');
    expect(item.assetChanges).toEqual([
      expect.objectContaining({ amount: '-0.01000021', feeAmount: '-0.00000021', kind: 'transfer' }),
    ]);
  });

  it('titles a deposit into a venue and a withdrawal from it with the token, the amount and the venue', () => {
    const usdc = (network: string, from: string | null, to: string | null, amountRaw: string): Transfer => ({
      network,
      token: network === 'perps' ? 'USDC' : USDC,
      from,
      to,
      amountRaw,
      purpose: 'value',
      symbol: network === 'polygon' ? 'pUSD' : 'USDC',
      decimals: 6,
    });
    const title = (
      kind: string,
      transfers: Transfer[],
      facts: Pick<SettledOperation, 'venueTransfer'> | Pick<SettledOperation, 'route'>,
      done = true,
    ) =>
      operationActivityItem(
        extend(settled(kind, [receipt(transfers[0].network, transfers)], done ? 'done' : 'failed'), facts),
      ).title;
    // Into the prediction venue's deposit wallet, and out of it (recorded at preparation).
    const toPredict = [usdc('polygon', PAYER, OTHER, '5000000')];
    expect(title('send', toPredict, { venueTransfer: { direction: 'deposit', venue: 'Predict' } })).toBe(
      'Deposited 5 pUSD to Predict',
    );
    expect(title('send', toPredict, { venueTransfer: { direction: 'withdrawal', venue: 'Predict' } })).toBe(
      'Withdrew 5 pUSD from Predict',
    );
    // Swaps onto the perp venue's network and off it.
    const onto = [usdc('base', PAYER, POOL, '2000000'), usdc('perps', null, PAYER, '2000000')];
    expect(title('swap', onto, { route: { source: 'base', destination: 'perps' } })).toBe(
      'Deposited 2 USDC to the perp venue',
    );
    const off = [usdc('perps', PAYER, null, '1500000'), usdc('arbitrum', null, PAYER, '1500000')];
    expect(title('swap', off, { route: { source: 'perps', destination: 'arbitrum' } })).toBe(
      'Withdrew 1.5 USDC from the perp venue',
    );
    expect(
      title(
        'swap',
        [eth(PAYER, null, '1', 'fee')],
        { route: { source: 'base', destination: 'perps' } },
        false,
      ),
    ).toBe('Deposit to the perp venue failed');
    // Other swaps and sends keep their titles.
    expect(title('send', toPredict, { route: null })).toBe('Sent 5 pUSD');
  });

  it('titles a delivery to another wallet "Swap received", also when it settled after the operation failed', () => {
    const usdcIn = { ...eth(PAYER, POOL, '1000000', 'value'), token: USDC, symbol: 'USDC', decimals: 6 };
    const delivered = [receipt('base', [usdcIn, eth(POOL, OTHER, '5000000000000000', 'value')])];
    const title = (outcome: SettledOperation['outcome'], receipts: LegReceipt[]) =>
      operationActivityItem(extend(settled('swap', receipts, outcome), { deliveredTo: OTHER })).title;
    expect(title('done', delivered)).toBe('Swap received');
    expect(title('failed', delivered)).toBe('Swap received');
    // Nothing reached the other wallet: the failure is told as such.
    expect(title('failed', [receipt('base', [eth(PAYER, null, '21000', 'fee')])])).toBe('Swap failed');
  });

  it('titles a close that filled only part of the position as partly closed', () => {
    const close = (status: string) =>
      operationActivityItem(
        extend(settled('perpClose', [extend(receipt('perps', []), { fill: { status } })]), {
          creationRequest: { kind: 'perpClose', closeIntent: { coin: 'DOGE' } },
        }),
      ).title;
    expect(close('filled')).toBe('Closed the DOGE position');
    expect(close('partiallyFilled')).toBe('Partly closed the DOGE position');
    // Shape B: a reduction of size "max" closes the whole position; one by a percentage reduces it.
    const reduce = (size: unknown, sizePercent?: string) =>
      operationActivityItem(
        extend(settled('perpOrder', [extend(receipt('perps', []), { fill: { status: 'filled' } })]), {
          kind: 'perpOrder',
          creationRequest: { type: 'perpOrder', reduce: true, coin: 'ETH', size, sizePercent },
        }),
      ).title;
    expect(reduce('max')).toBe('Closed the ETH position');
    expect(reduce({ kind: 'max' })).toBe('Closed the ETH position');
    expect(reduce(undefined, '100.0')).toBe('Closed the ETH position');
    expect(reduce(undefined, '50')).toBe('Reduced the ETH position');
    expect(reduce(undefined)).toBe('Reduced the ETH position');
  });

  it('titles a swap that failed after its approval leg as failed, without claiming a swap', () => {
    const item = operationActivityItem(
      settled('swap', [receipt('base', [eth(PAYER, null, '210000000000', 'fee')])], 'failed'),
    );
    expect(item.title).toBe('Swap failed');
    expect(item.isSuccess).toBe(false);
    // Recorded since session 18: the tokens its review named.
    const named = settled('swap', [receipt('base', [eth(PAYER, null, '210000000000', 'fee')])], 'failed');
    named.swapSymbols = { spend: 'USDC', receive: 'ETH' };
    expect(operationActivityItem(named).title).toBe('Swap of USDC for ETH failed');
  });

  it('names the token a token approval allowed, when its creation recorded it', () => {
    const gas = [receipt('base', [eth(PAYER, null, '460000000000', 'fee')])];
    expect(operationActivityItem(settled('tokenApproval', gas)).title).toBe('Approved token spending');
    const named = settled('tokenApproval', gas);
    named.approvedSymbol = 'USDC';
    expect(operationActivityItem(named).title).toBe('Approved USDC spending');
  });

  it('says in the title that a reverted approval, contract call or Solana transaction failed', () => {
    const gas = [
      extend(receipt('base', [eth(PAYER, null, '460000000000', 'fee')]), { status: 'reverted' as const }),
    ];
    const approval = settled('tokenApproval', gas, 'failed');
    approval.approvedSymbol = 'USDC';
    expect(operationActivityItem(approval).title).toBe('Approval of USDC spending failed');
    const call = settled('evmCall', gas, 'failed');
    call.creationRequest = { type: 'evmCall', network: 'base' };
    call.kind = 'evmCall';
    expect(operationActivityItem(call).title).toBe('Contract call on base failed');
    expect(operationActivityItem(settled('solanaInstruction', gas, 'failed')).title).toBe(
      'Solana transaction failed',
    );
  });

  it("labels each reference with its leg's kind, so two legs on one network tell apart", () => {
    const approve = extend(receipt('base', [eth(PAYER, null, '460000000000', 'fee')]), {
      legKind: 'approve',
    });
    const swap = extend(receipt('base', [eth(PAYER, null, '900000000000', 'fee')]), { legKind: 'swap' });
    const reverted = extend(swap, { status: 'reverted' as const, legKind: 'evmCall' });
    const unnamed = receipt('base', [eth(PAYER, null, '1', 'fee')]);
    const labels = operationActivityItem(settled('swap', [approve, swap, reverted, unnamed])).references.map(
      (r) => r.label,
    );
    expect(labels).toEqual([
      'Approval on base',
      'Swap on base',
      'Reverted contract call on base',
      // Recorded before receipts named their leg.
      'Transaction on base',
    ]);
  });

  it('names both tokens of a swap that received less than the fee it paid in the received asset', () => {
    const usdcOut: Transfer = {
      network: 'base',
      token: USDC,
      from: PAYER,
      to: POOL,
      amountRaw: '1',
      purpose: 'value',
      symbol: 'USDC',
      decimals: 6,
    };
    const item = operationActivityItem(
      settled('swap', [
        receipt('base', [usdcOut, eth(POOL, PAYER, '6', 'value'), eth(PAYER, null, '5000', 'fee')]),
      ]),
    );
    expect(item.title).toBe('Swapped USDC for ETH');
  });

  it('names every network it moved assets on, not only where its transactions ran', () => {
    const usdcOut: Transfer = {
      network: 'base',
      token: USDC,
      from: PAYER,
      to: POOL,
      amountRaw: '5000000',
      purpose: 'value',
      symbol: 'USDC',
      decimals: 6,
    };
    const ethIn: Transfer = extendNetwork(eth(null, PAYER, '1000000000000000', 'value'), 'arbitrum');
    const item = operationActivityItem(
      settled('swap', [receipt('base', [usdcOut, ethIn, eth(PAYER, null, '210000000000', 'fee')])]),
    );
    expect(item.title).toBe('Swapped USDC for ETH');
    expect(item.networks).toEqual(['base', 'arbitrum']);
  });
});

describe('a prediction activity item', () => {
  const PUSD = '0x4444444444444444444444444444444444444444';
  const share = (from: string | null, to: string | null, amountRaw: string): Transfer => ({
    network: 'polygon',
    token: '2823307602171080008543557704745021265531349444463545874744960446287085807018',
    from,
    to,
    amountRaw,
    purpose: 'value',
    symbol: 'btc-150k-2026:No',
    decimals: 6,
  });
  const pusd = (from: string | null, to: string | null, amountRaw: string): Transfer => ({
    network: 'polygon',
    token: PUSD,
    from,
    to,
    amountRaw,
    purpose: 'value',
    symbol: 'pUSD',
    decimals: 6,
  });
  const order = (action: string, transfers: Transfer[]) =>
    operationActivityItem(
      Object.assign(settled('prediction', [receipt('polygon', transfers)]), {
        creationRequest: { kind: 'prediction', order: { action } },
      }),
    );

  it('titles a redemption with the share quantity, the outcome and the market', () => {
    expect(order('redeem', [share(PAYER, null, '12500000'), pusd(null, PAYER, '12500000')]).title).toBe(
      'Redeemed 12.5 No shares of btc-150k-2026',
    );
  });

  it('titles buys and sells the same way', () => {
    expect(order('buy', [pusd(PAYER, OTHER, '3500000'), share(null, PAYER, '10000000')]).title).toBe(
      'Bought 10 No shares of btc-150k-2026',
    );
    expect(order('sell', [share(PAYER, OTHER, '4000000'), pusd(OTHER, PAYER, '2600000')]).title).toBe(
      'Sold 4 No shares of btc-150k-2026',
    );
  });
});

describe('the operation an activity item reads', () => {
  const late = receipt('base', [eth(PAYER, OTHER, '10000000000000000', 'value')]);
  const lateEvent = (failure?: object) =>
    ({
      type: 'LateReceiptRecorded',
      data: {
        operationId: 'op',
        leg: 0,
        submissionId: 'op:0',
        receipt: late,
        at: '2026-11-22T01:00:00.000Z',
        failure,
      },
    }) as Parameters<typeof settledOperation>[0];

  it('is the failed operation as it stands after a late receipt, at the time it landed', () => {
    const {
      operationId: _id,
      at: _at,
      outcome: _outcome,
      errorCode,
      error,
      ...facts
    } = settled('send', [late], 'failed');
    expect(settledOperation(lateEvent({ errorCode, error, ...facts }))).toEqual({
      ...facts,
      operationId: 'op',
      at: '2026-11-22T01:00:00.000Z',
      outcome: 'failed',
      errorCode,
      error,
    });
  });

  it('is unknown for a late receipt recorded before it carried the operation', () => {
    expect(settledOperation(lateEvent())).toBeNull();
  });
});

function extendNetwork(transfer: Transfer, network: string): Transfer {
  return Object.assign({}, transfer, { network });
}
