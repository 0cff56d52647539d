import { newEvmAddress } from '@vetted/kernel';
import { GAS_PRICE_WEI, GAS_UNITS, USDC_ADDRESSES, WBTC_ETHEREUM } from '@vetted/sandbox';
import {
  ETH,
  preparationSandbox,
  refusal,
  refusedPaths,
} from '../../preparation/testing/preparation-sandbox';
import { readShapeBIntent, type TokenApprovalIntent } from '../intent';
import { prepareTokenApproval } from './prepare-token-approval';

const open = preparationSandbox();
const usdcEth = USDC_ADDRESSES.ethereum;
const SPENDER = newEvmAddress();

const approval = (fields: Record<string, unknown> = {}, walletId = 1): TokenApprovalIntent =>
  readShapeBIntent({
    type: 'tokenApproval',
    walletId,
    asset: { network: 'ethereum', asset: usdcEth },
    spender: SPENDER,
    amount: '250.5',
    ...fields,
  }) as TokenApprovalIntent;

describe('prepareTokenApproval', () => {
  it('sets the spender allowance to the exact raw amount, reviewing the current one', async () => {
    const { sandbox, wallets, context, execute } = open();
    await sandbox.faucet('ethereum', wallets.evm.address, null, ETH);
    const intent = approval();
    const prepared = await prepareTokenApproval(intent, context(wallets.evm));
    expect(prepared).toMatchObject({ type: 'tokenApproval', action: intent, continuation: null });
    expect(prepared.actions).toEqual([
      {
        kind: 'chain',
        tx: {
          kind: 'approve',
          network: 'ethereum',
          from: wallets.evm.address,
          token: usdcEth,
          spender: SPENDER,
          amountRaw: '250500000',
        },
      },
    ]);
    expect(prepared.review).toMatchObject({
      type: 'tokenApproval',
      walletId: 1,
      summary: `Allow ${SPENDER} to spend up to 250.5 USDC on ethereum from wallet 1`,
      token: { network: 'ethereum', token: usdcEth, symbol: 'USDC', decimals: 6 },
      spender: SPENDER,
      amount: { amountRaw: '250500000', amount: '250.5', usd: '250.50' },
      currentAllowance: { amountRaw: '0', amount: '0' },
      networkFees: [
        {
          leg: 0,
          fee: { symbol: 'ETH', amountRaw: (GAS_UNITS.approve * GAS_PRICE_WEI.ethereum).toString() },
        },
      ],
    });
    await execute(prepared.actions);
    expect(await sandbox.chain.allowance('ethereum', usdcEth, wallets.evm.address, SPENDER)).toBe(
      250_500_000n,
    );
    const again = await prepareTokenApproval(approval({ amount: '1' }), context(wallets.evm));
    expect(again.review).toMatchObject({ currentAllowance: { amountRaw: '250500000' } });
  });

  it('refuses a token the directory does not know at intent.asset.asset', async () => {
    const { sandbox, wallets, context } = open();
    await sandbox.faucet('base', wallets.evm.address, null, ETH);
    const onBase = approval({ asset: { network: 'base', asset: WBTC_ETHEREUM } });
    expect(await refusedPaths(prepareTokenApproval(onBase, context(wallets.evm)))).toEqual([
      'intent.asset.asset',
    ]);
  });

  it('refuses an amount with more decimals than the token at intent.amount', async () => {
    const { sandbox, wallets, context } = open();
    await sandbox.faucet('ethereum', wallets.evm.address, null, ETH);
    const tooFine = approval({ amount: '1.0000001' });
    expect(await refusedPaths(prepareTokenApproval(tooFine, context(wallets.evm)))).toEqual([
      'intent.amount',
    ]);
  });

  it('refuses a Solana wallet at intent.asset.network', async () => {
    const { wallets, context } = open();
    expect(await refusedPaths(prepareTokenApproval(approval({}, 2), context(wallets.solana)))).toEqual([
      'intent.asset.network',
    ]);
  });

  it('refuses with INSUFFICIENT_FUNDS when the wallet cannot pay the network fee', async () => {
    const { sandbox, wallets, context } = open();
    const fee = GAS_UNITS.approve * GAS_PRICE_WEI.ethereum;
    await sandbox.faucet('ethereum', wallets.evm.address, null, fee - 1n);
    expect(await refusal(prepareTokenApproval(approval(), context(wallets.evm)))).toMatchObject({
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
    });
    await sandbox.faucet('ethereum', wallets.evm.address, null, 1n);
    await expect(prepareTokenApproval(approval(), context(wallets.evm))).resolves.toMatchObject({
      type: 'tokenApproval',
    });
  });
});
