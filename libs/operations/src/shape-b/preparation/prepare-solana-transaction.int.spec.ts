import { newSolanaAddress } from '@vetted/kernel';
import { newSolanaSigner, signedBy } from '@vetted/venues/solana/testing/solana-signer';
import { BLOCKHASH_LIFETIME_MS, SOLANA_FEE_LAMPORTS } from '@vetted/sandbox';
import {
  SOL,
  preparationSandbox,
  refusal,
  refusedPaths,
} from '../../preparation/testing/preparation-sandbox';
import type { SolanaTransactionIntent } from '../intent';
import { buildInstructionTransaction } from '../solana';
import { prepareSolanaTransaction } from './prepare-solana-transaction';

const open = preparationSandbox();
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qWH7ZnLrZ1aYWNeCa6qcYbRkZA';

/** A memo transaction paid by `feePayer`, with a made-up (non-zero) signature, as a caller would sign it. */
function signedMemo(feePayer: string, recentBlockhash: string, version: 'legacy' | 0 = 'legacy'): string {
  const { transactionBase64 } = buildInstructionTransaction({
    feePayer,
    programAddress: MEMO_PROGRAM,
    accounts: [{ address: feePayer, isSigner: true, isWritable: true }],
    data: new TextEncoder().encode('hello'),
    recentBlockhash,
  });
  const bytes = Buffer.from(transactionBase64, 'base64');
  bytes.fill(0x5a, 1, 65);
  if (version === 'legacy') return bytes.toString('base64');
  // v0: a 0x80 version prefix before the message, and an empty address-table-lookup list after it.
  return Buffer.concat([
    bytes.subarray(0, 65),
    Buffer.from([0x80]),
    bytes.subarray(65),
    Buffer.from([0]),
  ]).toString('base64');
}

async function world(options: { funded?: boolean } = {}) {
  const opened = open();
  const { sandbox, wallets } = opened;
  if (options.funded !== false) await sandbox.faucet('solana', wallets.solana.address, null, SOL);
  const { blockhash } = await sandbox.chain.recentBlockhash();
  const supplied = (transaction: string): SolanaTransactionIntent => ({
    type: 'solanaTransaction',
    walletId: 2,
    transaction,
  });
  const prepare = (intent: SolanaTransactionIntent, wallet = wallets.solana) =>
    prepareSolanaTransaction(intent, opened.context(wallet));
  return { ...opened, blockhash, supplied, prepare };
}

describe('prepareSolanaTransaction', () => {
  it('captures the supplied bytes unchanged and reviews what they hold', async () => {
    const { sandbox, clock, wallets, blockhash, supplied, prepare, execute } = await world();
    // The chain's clock ahead of the service's: the review's deadline is on the service's.
    await sandbox.advanceClock(10);
    const validForMs = await sandbox.chain.blockhashValidForMs(blockhash);
    expect(validForMs).toBeGreaterThan(0);
    const transaction = signedMemo(wallets.solana.address, blockhash);
    const source = 'https://example.com/solana-app';
    const prepared = await prepare({ ...supplied(transaction), sourceUrl: source });
    expect(prepared.actions).toEqual([
      {
        kind: 'chain',
        tx: {
          kind: 'solanaTransaction',
          network: 'solana',
          from: wallets.solana.address,
          transaction,
          recentBlockhash: blockhash,
        },
      },
    ]);
    expect(prepared.review).toEqual({
      type: 'solanaTransaction',
      walletId: 2,
      summary:
        `Submit a supplied legacy Solana transaction of 1 instruction(s), unchanged, paid and signed by ` +
        `${wallets.solana.address} (its instructions are not decoded: this review cannot show what they move)`,
      feePayer: wallets.solana.address,
      blockhash,
      blockhashExpiresAt: new Date(clock.now().getTime() + validForMs).toISOString(),
      version: 'legacy',
      instructionCount: 1,
      signaturesRequired: 1,
      networkFees: [
        {
          leg: 0,
          fee: expect.objectContaining({ symbol: 'SOL', amountRaw: SOLANA_FEE_LAMPORTS.toString() }),
        },
      ],
      sourceUrl: source,
    });
    expect(await execute(prepared.actions)).toEqual([
      expect.objectContaining({ kind: 'settled', receipt: expect.objectContaining({ status: 'success' }) }),
    ]);
    expect(await sandbox.chain.balance('solana', wallets.solana.address, null)).toBe(
      SOL - SOLANA_FEE_LAMPORTS,
    );
  });

  it('keeps a v0 transaction byte for byte too', async () => {
    const { wallets, blockhash, supplied, prepare } = await world();
    const transaction = signedMemo(wallets.solana.address, blockhash, 0);
    const prepared = await prepare(supplied(transaction));
    expect(prepared.actions[0]).toMatchObject({ tx: { transaction } });
    expect(prepared.review).toMatchObject({ version: 0, instructionCount: 1 });
  });

  it('refuses bytes that are not a well-formed transaction, or too large', async () => {
    const { wallets, blockhash, supplied, prepare } = await world();
    expect(await refusedPaths(prepare(supplied('AQID')))).toEqual(['intent.transaction']);
    const trailing = Buffer.concat([
      Buffer.from(signedMemo(wallets.solana.address, blockhash), 'base64'),
      Buffer.from([0]),
    ]);
    expect(await refusedPaths(prepare(supplied(trailing.toString('base64'))))).toEqual([
      'intent.transaction',
    ]);
    const { fields } = await refusal(prepare(supplied(Buffer.alloc(1300, 1).toString('base64'))));
    expect(fields).toEqual([
      { path: 'intent.transaction', message: "is 1300 bytes, over Solana's 1232-byte limit" },
    ]);
  });

  it('refuses a transaction another account pays: the service signs only for the wallet', async () => {
    const { blockhash, supplied, prepare } = await world();
    expect(await refusedPaths(prepare(supplied(signedMemo(newSolanaAddress(), blockhash))))).toEqual([
      'intent.transaction',
    ]);
  });

  it('refuses bytes another signer has not signed, and takes them once it has', async () => {
    const { wallets, blockhash, supplied, prepare } = await world();
    const cosigner = newSolanaSigner();
    const { transactionBase64 } = buildInstructionTransaction({
      feePayer: wallets.solana.address,
      programAddress: MEMO_PROGRAM,
      accounts: [wallets.solana.address, cosigner.address].map((address) => ({
        address,
        isSigner: true,
        isWritable: false,
      })),
      data: new TextEncoder().encode('co-signed'),
      recentBlockhash: blockhash,
    });
    const { fields } = await refusal(prepare(supplied(transactionBase64)));
    expect(fields).toEqual([
      {
        path: 'intent.transaction',
        message:
          `lacks a valid signature of ${cosigner.address}: the service signs only for the fee payer, ` +
          'so every other signer must have signed these bytes (Solana refuses them otherwise)',
      },
    ]);
    const signed = signedBy(transactionBase64, cosigner);
    const prepared = await prepare(supplied(signed));
    expect(prepared.review).toMatchObject({ type: 'solanaTransaction', signaturesRequired: 2 });
    expect(prepared.actions).toEqual([
      expect.objectContaining({ tx: expect.objectContaining({ transaction: signed }) }),
    ]);
  });

  it('is signed by a Solana wallet only', async () => {
    const { wallets, blockhash, supplied, prepare } = await world();
    const intent = { ...supplied(signedMemo(wallets.solana.address, blockhash)), walletId: 1 };
    expect(await refusedPaths(prepare(intent, wallets.evm))).toEqual(['intent.walletId']);
  });

  it('refuses an expired or unknown blockhash with BLOCKHASH_EXPIRED', async () => {
    const { clock, wallets, blockhash, supplied, prepare } = await world();
    const transaction = signedMemo(wallets.solana.address, blockhash);
    clock.advance(BLOCKHASH_LIFETIME_MS);
    const expired = await refusal(prepare(supplied(transaction)));
    expect(expired).toMatchObject({ status: 400, code: 'BLOCKHASH_EXPIRED' });
    const unknown = signedMemo(wallets.solana.address, newSolanaAddress());
    expect(await refusal(prepare(supplied(unknown)))).toMatchObject({
      status: 400,
      code: 'BLOCKHASH_EXPIRED',
    });
  });

  it('refuses a wallet that cannot pay the fee', async () => {
    const { wallets, blockhash, supplied, prepare } = await world({ funded: false });
    const transaction = signedMemo(wallets.solana.address, blockhash);
    expect(await refusal(prepare(supplied(transaction)))).toMatchObject({
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
    });
  });
});
