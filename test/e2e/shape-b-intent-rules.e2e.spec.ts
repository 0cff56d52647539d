import { randomUUID } from 'node:crypto';
import { newSolanaAddress, toChecksumAddress } from '@vetted/kernel';
import { buildInstructionTransaction } from '@vetted/operations/shape-b/solana';
import { PUSD_POLYGON, USDC_ADDRESSES } from '@vetted/sandbox';
import { type JsonObject, SandboxTestClient } from '../support/sandbox-client';

const USDC = USDC_ADDRESSES.base;

/**
 * The fifteen intent rules of Shape B (reference, "Intent rules, Shape B"), each accepted and
 * refused over HTTP, the refusal naming its field path or code. Nothing refused is recorded.
 */
describe('Shape B intent rules over HTTP', () => {
  let c: SandboxTestClient;
  let token: string;
  let evm: { id: number; address: string };
  let solana: { id: number; address: string };
  beforeAll(async () => {
    c = await SandboxTestClient.start();
    const user = await c.app.signUp();
    token = user.token;
    evm = user.wallets.find((w) => w.family === 'evm')!;
    solana = user.wallets.find((w) => w.family === 'solana')!;
    for (const [walletId, network, asset, amount] of [
      [evm.id, 'base', null, '1'],
      [evm.id, 'base', USDC, '100'],
      [evm.id, 'perps', USDC_ADDRESSES.perps, '1000'],
      [evm.id, 'polygon', PUSD_POLYGON, '100'],
      [solana.id, 'solana', null, '1'],
    ] as const)
      expect(
        (await c.post('/v1/sandbox/faucet', token, { walletId, network, token: asset, amount })).statusCode,
      ).toBe(201);
  });
  afterAll(() => c.app.close());

  const create = (intent: object) =>
    c.post('/v1/operations', token, { idempotencyKey: randomUUID(), intent });
  async function accepted(intent: object): Promise<JsonObject> {
    const res = await create(intent);
    if (res.statusCode !== 201) throw new Error(`expected 201, got ${res.statusCode}: ${res.body}`);
    return res.json();
  }
  /** Refused with 400: the field path (VALIDATION_FAILED) or the code; nothing recorded. */
  async function refused(intent: object, expected: { path?: string | RegExp; code?: string }): Promise<void> {
    const before = await c.app.head();
    const res = await create(intent);
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    if (expected.code) expect(error.code).toBe(expected.code);
    if (expected.path) {
      expect(error.code).toBe('VALIDATION_FAILED');
      const paths: string[] = error.fields.map((f: { path: string }) => f.path);
      expect(
        paths.some((p) => (typeof expected.path === 'string' ? p === expected.path : expected.path!.test(p))),
      ).toBe(true);
    }
    expect(await c.app.head()).toBe(before);
  }
  const native = { network: 'base', asset: 'native' };
  const usdc = { network: 'base', asset: USDC };
  const send = (amount: unknown, extra: object = {}) => ({
    type: 'send',
    walletId: evm.id,
    asset: usdc,
    amount,
    to: { address: '0x' + '4b'.repeat(20) },
    ...extra,
  });
  const evmCall = (fields: object = {}) => ({
    type: 'evmCall',
    walletId: evm.id,
    network: 'base',
    to: '0x' + '5c'.repeat(20),
    data: '0xa9059cbb',
    value: '0',
    gasLimit: '60000',
    ...fields,
  });

  it('1. every intent names its walletId', async () => {
    await accepted(send('1'));
    const { walletId: _omitted, ...noWallet } = send('1');
    await refused(noWallet, { path: 'intent.walletId' });
  });

  it('2. asset sides are { network, asset }', async () => {
    await accepted({ ...send('0.01'), asset: native });
    await refused({ ...send('1'), asset: { network: 'base', token: null } }, { path: /^intent\.asset/ });
  });

  it('3. an amount is a decimal, max, { percentOfBalance } or { valueUsd }', async () => {
    for (const amount of ['2', 'max', { percentOfBalance: '10' }, { valueUsd: '5' }])
      await accepted(send(amount));
    await refused(send({ percentOfBalance: '0' }), { path: /^intent\.amount/ });
    await refused(send({ valueUsd: '5', percentOfBalance: '1' }), { path: /^intent\.amount/ });
  });

  it('4. decimals take trailing zeroes; zero, signs, exponents, separators and leading zeroes are refused', async () => {
    await accepted(send('0.50'));
    await accepted(send('1.0'));
    for (const amount of ['0', '0.00', '+1', '-1', '1e3', '1,000', '1_000', '01.5', ' 1'])
      await refused(send(amount), { path: 'intent.amount' });
  });

  it('5. raw integers are canonical', async () => {
    const op = await accepted(evmCall({ value: '0' }));
    expect(op.request.action).toMatchObject({ value: '0', gasLimit: '60000' });
    await refused(evmCall({ value: '01' }), { path: 'intent.value' });
    await refused(evmCall({ gasLimit: '60000.0' }), { path: 'intent.gasLimit' });
  });

  it('6. EVM casing is normalised, recipient checksums are enforced, Solana mints are case-sensitive', async () => {
    const lower = await accepted({ ...send('1'), asset: { network: 'base', asset: USDC.toLowerCase() } });
    expect(lower.request.action.asset.asset).toBe(USDC);
    const recipient = '0x' + 'ab'.repeat(20);
    const echoed = await accepted(send('1', { to: { address: recipient } }));
    expect(echoed.request.action.to.address).toBe(toChecksumAddress(recipient));
    const wrong = toChecksumAddress(recipient).replace(/[a-f]/, (ch) => ch.toUpperCase());
    await refused(send('1', { to: { address: wrong } }), { path: 'intent.to.address' });
    const mint = USDC_ADDRESSES.solana;
    const swapped = mint.replace(/[a-z]/, (ch) => ch.toUpperCase());
    const solSend = (asset: string) => ({
      type: 'send',
      walletId: solana.id,
      asset: { network: 'solana', asset },
      amount: '1',
      to: { address: newSolanaAddress() },
    });
    await refused(solSend(swapped), { path: /^intent\.asset/ });
    await refused(solSend(mint), { code: 'INSUFFICIENT_FUNDS' }); // the mint itself is known: no USDC held
  });

  it('7. a source URL is provenance only', async () => {
    const op = await accepted({ ...send('1'), sourceUrl: 'https://example.com/idea' });
    expect(op.request.action.sourceUrl).toBe('https://example.com/idea');
    await refused({ ...send('1'), sourceUrl: 'javascript:alert(1)' }, { path: 'intent.sourceUrl' });
  });

  it('8. EVM calls supply complete call parameters', async () => {
    await accepted(evmCall());
    for (const field of ['to', 'data', 'value', 'gasLimit']) {
      const incomplete: JsonObject = evmCall();
      delete incomplete[field];
      await refused(incomplete, { path: `intent.${field}` });
    }
  });

  it('9. Solana instructions are encoded by the engine; supplied transactions need a recent blockhash', async () => {
    const instruction = {
      type: 'solanaInstruction',
      walletId: solana.id,
      programAddress: newSolanaAddress(),
      accounts: [{ address: solana.address, isSigner: true, isWritable: true }],
      data: [{ anchor: 'initialize' }, { u16: '258' }, { u64: '1' }],
    };
    const op = await accepted(instruction);
    expect(op.request.review.instructionData.hex).toBe('afaf6d1f0d989bed' + '0201' + '0100000000000000');
    expect(op.request.review.blockhash.expiresAt).toEqual(expect.any(String));
    await refused({ ...instruction, data: [{ u8: '256' }] }, { path: 'intent.data[0].u8' });

    const { blockhash } = await c.sandbox.chain.recentBlockhash();
    const build = (recentBlockhash: string) =>
      buildInstructionTransaction({
        feePayer: solana.address,
        programAddress: instruction.programAddress,
        accounts: instruction.accounts,
        data: new Uint8Array([1, 2, 3]),
        recentBlockhash,
      }).transactionBase64;
    const kept = await accepted({
      type: 'solanaTransaction',
      walletId: solana.id,
      transaction: build(blockhash),
    });
    expect(kept.request.action.transaction).toBe(build(blockhash));
    await refused(
      { type: 'solanaTransaction', walletId: solana.id, transaction: build(newSolanaAddress()) },
      { code: 'BLOCKHASH_EXPIRED' },
    );
  });

  it('10. reductions omit side, may pin expectedSide, size max or sizePercent against the live position', async () => {
    const open = await accepted({
      type: 'perpOrder',
      walletId: evm.id,
      coin: 'BTC',
      side: 'long',
      valueUsd: '200',
    });
    expect((await c.post(`/v1/operations/${open.id}/approve`, token, {})).json().state).toBe('succeeded');
    const reduce = { type: 'perpOrder', walletId: evm.id, coin: 'BTC', reduce: true };
    await accepted({ ...reduce, size: 'max', expectedSide: 'long' });
    await accepted({ ...reduce, sizePercent: '50' });
    await refused({ ...reduce, size: 'max', side: 'short' }, { path: 'intent.side' });
    await refused({ ...reduce, size: 'max', expectedSide: 'short' }, { path: 'intent.expectedSide' });
    await refused({ ...reduce, coin: 'ETH', size: 'max' }, { path: 'intent.coin' });
  });

  it('11. spot buys may spend valueUsdc max; sells may not', async () => {
    const spot = { type: 'spotOrder', walletId: evm.id, asset: { network: 'perps', asset: 'ETH' } };
    const buy = await accepted({ ...spot, side: 'buy', valueUsdc: 'max' });
    expect(buy.request.review).toMatchObject({ side: 'buy', coin: 'ETH' });
    await refused({ ...spot, side: 'sell', valueUsdc: 'max' }, { path: 'intent.valueUsdc' });
    await refused({ ...spot, side: 'sell', size: '1' }, { code: 'INSUFFICIENT_FUNDS' });
  });

  it('11. prediction buys spend pUSD, sells take shares max, redemption rechecks holdings', async () => {
    const markets: JsonObject[] = (await c.app.request({ method: 'GET', url: '/v1/sandbox/markets' })).json();
    const market = markets.find((m) => m.status === 'open')!;
    const outcome = { network: 'polygon', asset: market.outcomes[0].asset.token };
    const buy = await accepted({
      type: 'prediction',
      walletId: evm.id,
      action: 'buy',
      outcome,
      spendPusd: '10',
    });
    expect((await c.post(`/v1/operations/${buy.id}/approve`, token, {})).json().state).toBe('succeeded');
    await accepted({ type: 'prediction', walletId: evm.id, action: 'sell', outcome, shares: 'max' });
    await refused(
      {
        type: 'prediction',
        walletId: evm.id,
        action: 'sell',
        outcome: { ...outcome, asset: market.outcomes[1].asset.token },
        shares: 'max',
      },
      { code: 'INSUFFICIENT_FUNDS' },
    );
    await refused(
      { type: 'prediction', walletId: evm.id, action: 'redeem', outcome },
      { path: 'intent.outcome' },
    );
    await refused(
      { type: 'prediction', walletId: evm.id, action: 'buy', outcome, shares: '1' },
      { path: /^intent\./ },
    );
  });

  it('12. perp opens may give marginUsdc with exposureMultiple', async () => {
    const op = await accepted({
      type: 'perpOrder',
      walletId: evm.id,
      coin: 'ETH',
      side: 'short',
      marginUsdc: '50',
      exposureMultiple: '3',
    });
    expect(op.request.review).toMatchObject({ coin: 'ETH', side: 'short', leverage: 3 });
    await refused(
      { type: 'perpOrder', walletId: evm.id, coin: 'ETH', side: 'short', marginUsdc: '50' },
      { path: /^intent/ },
    );
  });

  it('13. USD sizing uses the service price reader; a missing or expired price refuses preparation', async () => {
    const op = await accepted(send({ valueUsd: '3' }));
    expect(op.request.review.amount.amountRaw).toBe('3000000');
    const expired = await c.admin('/v1/sandbox/prices', { network: 'base', asset: 'native', expire: true });
    expect(expired.statusCode).toBe(200);
    await refused({ ...send({ valueUsd: '3' }), asset: native }, { code: 'PRICE_UNAVAILABLE' });
    const restored = await c.admin('/v1/sandbox/prices', { network: 'base', asset: 'native', usd: '3000' });
    expect(restored.statusCode).toBe(200);
    await accepted({ ...send({ valueUsd: '3' }), asset: native });
  });

  it('14. venue slippage is a decimal percentage, default 1, at least 0 and below 100; the rounded limit is pinned', async () => {
    const order = { type: 'perpOrder', walletId: evm.id, coin: 'BTC', side: 'long', valueUsd: '100' };
    const byDefault = await accepted(order);
    expect(byDefault.request.review.slippagePercent).toBe('1');
    const tight = await accepted({ ...order, slippage: '0' });
    expect(Number(tight.request.review.limitPx)).toBeLessThanOrEqual(Number(tight.request.review.markPx));
    for (const slippage of ['100', '-1', '1e1'])
      await refused({ ...order, slippage }, { path: 'intent.slippage' });
    await refused({ ...order, valueUsd: '5' }, { code: 'BELOW_MINIMUM_ORDER' });
  });

  it('15. swaps spend the source amount; the review shows the quote and the slippage-protected minimum', async () => {
    const op = await accepted({
      type: 'swap',
      walletId: evm.id,
      from: native,
      to: usdc,
      amount: '0.01',
      slippage: '2',
    });
    const review = op.request.review;
    expect(review.spend.amountRaw).toBe('10000000000000000');
    const quoted = BigInt(review.quotedReceive.amountRaw);
    expect(BigInt(review.minimumReceive.amountRaw)).toBe((quoted * 98n) / 100n);
    await refused(
      { type: 'swap', walletId: evm.id, from: native, to: native, amount: '0.01' },
      { path: 'intent.to' },
    );
  });
});
