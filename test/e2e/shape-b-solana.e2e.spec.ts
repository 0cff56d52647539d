import { randomUUID } from 'node:crypto';
import { newSolanaAddress } from '@vetted/kernel';
import { buildInstructionTransaction } from '@vetted/operations/shape-b/solana';
import { SYSTEM_PROGRAM } from '@vetted/venues';
import { newSolanaSigner, signedBy } from '@vetted/venues/solana/testing/solana-signer';
import { SandboxTestClient } from '../support/sandbox-client';

/** Supplied Solana transactions (Shape B `solanaTransaction`) over HTTP, against the sandbox chain. */
describe('supplied Solana transactions over HTTP', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  const create = (token: string, intent: object) =>
    c.post('/v1/operations', token, { idempotencyKey: randomUUID(), intent });
  const approve = (token: string, id: string) => c.post(`/v1/operations/${id}/approve`, token, {});

  /** A user whose Solana wallet holds 1 SOL. */
  async function fundedSolana() {
    const user = await c.app.signUp();
    const solana = user.wallets.find((w) => w.family === 'solana')!;
    const faucet = { walletId: solana.id, network: 'solana', token: null, amount: '1' };
    expect((await c.post('/v1/sandbox/faucet', user.token, faucet)).statusCode).toBe(201);
    return { user, solana };
  }

  /** A System program transfer of `lamports` out of `from`, paid by `feePayer`; signatures zeroed. */
  async function systemTransfer(feePayer: string, from: string, to: string, lamports: bigint) {
    const data = new Uint8Array(12);
    new DataView(data.buffer).setUint32(0, 2, true);
    new DataView(data.buffer).setBigUint64(4, lamports, true);
    const { blockhash } = await c.sandbox.chain.recentBlockhash();
    return buildInstructionTransaction({
      feePayer,
      programAddress: SYSTEM_PROGRAM,
      accounts: [
        { address: from, isSigner: true, isWritable: true },
        { address: to, isSigner: false, isWritable: true },
      ],
      data,
      recentBlockhash: blockhash,
    }).transactionBase64;
  }

  it('lands supplied Solana bytes once: another operation carrying them fails at approval, and the SOL moved once', async () => {
    const { user, solana } = await fundedSolana();
    const to = newSolanaAddress();
    const transaction = await systemTransfer(solana.address, solana.address, to, 10n ** 8n);
    const intent = { type: 'solanaTransaction', walletId: solana.id, transaction };
    // Two operations (two keys), both reviewed: creating one moves nothing.
    const first = (await create(user.token, intent)).json();
    const second = (await create(user.token, intent)).json();
    expect(second.id).not.toBe(first.id);

    const landed = (await approve(user.token, first.id)).json();
    expect(landed).toMatchObject({ state: 'succeeded' });
    // On Solana the same message is the same transaction (its id is the fee payer's signature).
    const refused = (await approve(user.token, second.id)).json();
    expect(refused).toMatchObject({
      state: 'failed',
      status: 'failed_before_effect',
      errorCode: 'SUBMISSION_REJECTED',
      receipts: [],
    });
    expect(refused.error).toContain(
      `this transaction has already been processed: it is ${landed.receipts[0].hash} (already_processed)`,
    );
    expect(await c.sandbox.chain.balance('solana', to, null)).toBe(10n ** 8n);
  });

  it('refuses bytes another signer has not signed, recording nothing; once signed, its transfer runs at approval', async () => {
    const { user, solana } = await fundedSolana();
    const cosigner = newSolanaSigner();
    await c.sandbox.faucet('solana', cosigner.address, null, 10n ** 8n);
    const to = newSolanaAddress();
    const unsigned = await systemTransfer(solana.address, cosigner.address, to, 4n * 10n ** 7n);
    const intent = (transaction: string) => ({ type: 'solanaTransaction', walletId: solana.id, transaction });

    const before = await c.app.head();
    const refused = await create(user.token, intent(unsigned));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        {
          path: 'intent.transaction',
          message: expect.stringContaining(`lacks a valid signature of ${cosigner.address}`),
        },
      ],
    });
    // Signed by another key: still not the co-signer's signature.
    const byAnother = await create(
      user.token,
      intent(signedBy(unsigned, { ...newSolanaSigner(), address: cosigner.address })),
    );
    expect(byAnother.statusCode).toBe(400);
    expect(await c.app.head()).toBe(before);

    const created = await create(user.token, intent(signedBy(unsigned, cosigner)));
    expect(created.statusCode).toBe(201);
    expect(created.json().request.review).toMatchObject({ signaturesRequired: 2 });
    const done = (await approve(user.token, created.json().id)).json();
    expect(done).toMatchObject({ state: 'succeeded' });
    expect(await c.sandbox.chain.balance('solana', to, null)).toBe(4n * 10n ** 7n);
    expect(await c.sandbox.chain.balance('solana', cosigner.address, null)).toBe(6n * 10n ** 7n);
  });
});
