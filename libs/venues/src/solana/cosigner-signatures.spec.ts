import { newSolanaAddress } from '@vetted/kernel';
import { unsignedCosigners } from './cosigner-signatures';
import { newSolanaSigner, signedBy } from './testing/solana-signer';
import { buildInstructionTransaction, readTransactionSignatures } from './transaction-wire';

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qWH7ZnLrZ1aYWNeCa6qcYbRkZA';
const BLOCKHASH = newSolanaAddress();

/** A memo both `feePayer` and every one of `cosigners` must sign; signature slots zeroed. */
function memo(feePayer: string, cosigners: string[]): string {
  return buildInstructionTransaction({
    feePayer,
    programAddress: MEMO_PROGRAM,
    accounts: [feePayer, ...cosigners].map((address) => ({ address, isSigner: true, isWritable: false })),
    data: new TextEncoder().encode('hello'),
    recentBlockhash: BLOCKHASH,
  }).transactionBase64;
}

describe('unsignedCosigners', () => {
  const payer = newSolanaSigner();
  const [alice, bob] = [newSolanaSigner(), newSolanaSigner()];

  it('names every signer but the fee payer whose slot holds no valid signature, in the message order', () => {
    const bytes = memo(payer.address, [alice.address, bob.address]);
    const order = readTransactionSignatures(bytes)!.signatures.map((s) => s.signer);
    expect(order[0]).toBe(payer.address);
    expect(unsignedCosigners(bytes)).toEqual(order.slice(1));
    expect(unsignedCosigners(signedBy(bytes, alice))).toEqual([bob.address]);
    expect(unsignedCosigners(signedBy(signedBy(bytes, bob), alice))).toEqual([]);
  });

  it("leaves the fee payer's slot to the service, which signs for the wallet", () => {
    expect(unsignedCosigners(memo(payer.address, []))).toEqual([]);
    const bytes = signedBy(memo(payer.address, [alice.address]), alice);
    expect(unsignedCosigners(signedBy(bytes, payer))).toEqual([]);
  });

  it('refuses a signature of other bytes or by another key', () => {
    const bytes = memo(payer.address, [alice.address]);
    const other = signedBy(memo(payer.address, [alice.address, bob.address]), alice);
    const foreign = readTransactionSignatures(other)!.signatures.find((s) => s.signer === alice.address)!;
    const replayed = Buffer.from(bytes, 'base64');
    Buffer.from(foreign.signature).copy(replayed, 1 + 64);
    expect(unsignedCosigners(replayed.toString('base64'))).toEqual([alice.address]);
    const byBob = Buffer.from(bytes, 'base64');
    Buffer.from(bob.sign(readTransactionSignatures(bytes)!.message)).copy(byBob, 1 + 64);
    expect(unsignedCosigners(byBob.toString('base64'))).toEqual([alice.address]);
  });

  it('is null for bytes that are not a well-formed transaction', () => {
    expect(unsignedCosigners('AQID')).toBeNull();
    expect(unsignedCosigners('not base64')).toBeNull();
  });
});
