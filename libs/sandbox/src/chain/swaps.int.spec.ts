import type { ChainTx } from '@vetted/venues';
import { fundedOnEthereum } from '../testing/chain-fixture';
import { ETH, USDC, evm, id, sandboxFixture, sol } from '../testing/sandbox-fixture';
import { USDC_ADDRESSES } from '../tokens/token-registry';
import { GAS_PRICE_WEI, GAS_UNITS } from './gas-schedule';

const fixture = sandboxFixture();
const usdcEth = USDC_ADDRESSES.ethereum;
const funded = () => fundedOnEthereum(fixture);

describe('SandboxChain allowances and swaps', () => {
  const swap = (from: string, amountInRaw: bigint, minAmountOutRaw: bigint): ChainTx => ({
    kind: 'swap',
    submissionId: id(),
    network: 'ethereum',
    from,
    tokenIn: usdcEth,
    assetOut: { network: 'ethereum', token: null },
    amountInRaw,
    minAmountOutRaw,
  });

  it('needs an allowance for the router to swap an ERC-20, and spends it', async () => {
    const { sandbox, alice } = await funded();
    const quote = await sandbox.quoter.quote({
      from: { network: 'ethereum', token: usdcEth },
      to: { network: 'ethereum', token: null },
      amountInRaw: 300n * USDC,
    });
    const spender = quote.approvalSpender!;
    await expect(sandbox.chain.submit(swap(alice, 300n * USDC, 0n))).rejects.toMatchObject({
      reason: 'insufficient_allowance',
    });

    const approve = {
      kind: 'approve',
      submissionId: id(),
      network: 'ethereum',
      from: alice,
      token: usdcEth,
      spender,
      amountRaw: 500n * USDC,
    } as const;
    expect((await sandbox.chain.submit(approve)).status).toBe('success');
    expect(await sandbox.chain.allowance('ethereum', usdcEth, alice, spender)).toBe(500n * USDC);

    const ethBefore = await sandbox.chain.balance('ethereum', alice, null);
    const receipt = await sandbox.chain.submit(swap(alice, 300n * USDC, quote.amountOutRaw));
    expect(receipt.status).toBe('success');
    const fee = GAS_UNITS.swap * GAS_PRICE_WEI.ethereum;
    expect(await sandbox.chain.balance('ethereum', alice, null)).toBe(ethBefore - fee + quote.amountOutRaw);
    expect(await sandbox.chain.balance('ethereum', alice, usdcEth)).toBe(700n * USDC);
    expect(await sandbox.chain.allowance('ethereum', usdcEth, alice, spender)).toBe(200n * USDC);
  });

  it('reverts below the pinned minimum output, charging gas and moving nothing else', async () => {
    const { sandbox, alice } = await funded();
    const input = {
      from: { network: 'ethereum' as const, token: usdcEth },
      to: { network: 'ethereum' as const, token: null },
    };
    const quote = await sandbox.quoter.quote({ ...input, amountInRaw: 300n * USDC });
    const spender = quote.approvalSpender!;
    await sandbox.chain.submit({
      kind: 'approve',
      submissionId: id(),
      network: 'ethereum',
      from: alice,
      token: usdcEth,
      spender,
      amountRaw: 1000n * USDC,
    });
    const ethBefore = await sandbox.chain.balance('ethereum', alice, null);

    const receipt = await sandbox.chain.submit(swap(alice, 300n * USDC, quote.amountOutRaw + 1n));
    const fee = GAS_UNITS.swap * GAS_PRICE_WEI.ethereum;
    expect(receipt).toMatchObject({ status: 'reverted', gasFeeRaw: fee });
    expect(receipt.error).toMatch(/below the pinned minimum/);
    expect(receipt.transfers).toEqual([expect.objectContaining({ purpose: 'fee', amountRaw: fee })]);
    expect(await sandbox.chain.balance('ethereum', alice, usdcEth)).toBe(1000n * USDC);
    expect(await sandbox.chain.balance('ethereum', alice, null)).toBe(ethBefore - fee);
    expect(await sandbox.chain.allowance('ethereum', usdcEth, alice, spender)).toBe(1000n * USDC);
  });

  it('delivers a cross-network swap to the recipient on the destination network in the same transaction', async () => {
    const { sandbox } = fixture.open();
    const [payer, recipient] = [evm(), sol()];
    await sandbox.faucet('base', payer, null, ETH);
    const quote = await sandbox.quoter.quote({
      from: { network: 'base', token: null },
      to: { network: 'solana', token: USDC_ADDRESSES.solana },
      amountInRaw: ETH / 2n,
    });
    expect(quote.route).toMatchObject({ source: 'base', destination: 'solana' });
    const tx: ChainTx = {
      kind: 'swap',
      submissionId: id(),
      network: 'base',
      from: payer,
      tokenIn: null,
      assetOut: { network: 'solana', token: USDC_ADDRESSES.solana },
      amountInRaw: ETH / 2n,
      minAmountOutRaw: quote.amountOutRaw,
    };
    await expect(sandbox.chain.submit(tx)).rejects.toMatchObject({ reason: 'invalid_request' });
    const receipt = await sandbox.chain.submit({ ...tx, recipient });
    expect(receipt.status).toBe('success');
    expect(receipt.to).toBe(recipient);
    expect(await sandbox.chain.balance('solana', recipient, USDC_ADDRESSES.solana)).toBe(quote.amountOutRaw);
    expect(receipt.transfers.some((t) => t.network === 'solana' && t.to === recipient)).toBe(true);
  });
});
