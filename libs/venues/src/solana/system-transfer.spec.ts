import { SYSTEM_PROGRAM, systemTransferOf } from './system-transfer';

const PAYER = '6nKxPZ4kXxJ7GmQ1E9aMnmUMh8r8vjg8dZsXnD1wH7ks';
const TO = 'DsDjNTjEemSbuFwu8zNDFJVANyZkMQFzJBQvD1qZYEh5';

function transferData(lamports: bigint): Uint8Array {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return data;
}

const account = (address: string | null, isSigner = false, isWritable = true) => ({
  address,
  isSigner,
  isWritable,
});

describe('a System program transfer', () => {
  it('is read from its accounts and data, and is fine out of a writable signer into a writable account', () => {
    expect(
      systemTransferOf({
        programAddress: SYSTEM_PROGRAM,
        accounts: [account(PAYER, true), account(TO)],
        data: transferData(1000n),
      }),
    ).toEqual({ from: PAYER, to: TO, lamports: 1000n, refused: null });
  });

  it('is one Solana would fail into the System program it calls, which is read-only whatever its flags', () => {
    const transfer = systemTransferOf({
      programAddress: SYSTEM_PROGRAM,
      accounts: [account(PAYER, true), account(SYSTEM_PROGRAM)],
      data: transferData(1000n),
    });
    expect(transfer?.refused).toBe('the recipient is the System program, which Solana keeps read-only');
  });

  it('is one the sandbox cannot run when it names an account from an address lookup table', () => {
    for (const accounts of [
      [account(PAYER, true), account(null, false, false)],
      [account(null, false, false), account(TO)],
    ]) {
      const transfer = systemTransferOf({ programAddress: SYSTEM_PROGRAM, accounts, data: transferData(5n) });
      expect(transfer).toMatchObject({
        lamports: 5n,
        refused: expect.stringMatching(/address lookup table/),
      });
    }
  });
});
