import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { base58Encode } from '@vetted/kernel';
import { encodeShortVec } from './shortvec';
import {
  MAX_TRANSACTION_BYTES,
  TransactionTooLarge,
  buildInstructionTransaction,
  parseTransaction,
  readTransactionBlockhash,
  readTransactionFeePayer,
  readTransactionMessage,
} from './transaction-wire';

/** A 32-byte key whose bytes are all `n`: keys sort by `n`. */
const raw = (n: number) => new Uint8Array(32).fill(n);
const key = (n: number) => base58Encode(raw(n));
const blockhash = base58Encode(createHash('sha256').update('blockhash').digest());
const concat = (...parts: ArrayLike<number>[]) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const fromB64 = (value: string) => Uint8Array.from(Buffer.from(value, 'base64'));

const simple = {
  feePayer: key(1),
  programAddress: key(9),
  accounts: [{ address: key(5), isSigner: false, isWritable: true }],
  data: Uint8Array.from([0xaa, 0xbb]),
  recentBlockhash: blockhash,
};

describe('buildInstructionTransaction', () => {
  it('lays out the legacy wire format byte for byte', () => {
    const { transactionBase64, messageBytes } = buildInstructionTransaction(simple);
    const expectedMessage = concat(
      [1, 0, 1], // header: 1 signer, 0 readonly signed, 1 readonly unsigned (the program)
      [3],
      raw(1), // fee payer
      raw(5), // writable non-signer
      raw(9), // program: readonly non-signer
      createHash('sha256').update('blockhash').digest(), // recent blockhash
      [1], // one instruction
      [2], // program id index
      [1, 1], // one account: index 1
      [2, 0xaa, 0xbb], // data
    );
    expect(messageBytes).toEqual(expectedMessage);
    expect(fromB64(transactionBase64)).toEqual(concat([1], new Uint8Array(64), expectedMessage));
  });

  it('reads back the message its signatures sign, whatever the signatures hold', () => {
    const { transactionBase64, messageBytes } = buildInstructionTransaction(simple);
    expect(readTransactionMessage(transactionBase64)).toEqual(messageBytes);
    const signed = concat([1], new Uint8Array(64).fill(7), messageBytes);
    expect(readTransactionMessage(b64(signed))).toEqual(messageBytes);
    expect(readTransactionMessage(b64(concat(signed, [0])))).toBeNull();
    expect(readTransactionMessage('AQID')).toBeNull();
  });

  it('round-trips through the readers', () => {
    const { transactionBase64 } = buildInstructionTransaction(simple);
    expect(readTransactionBlockhash(transactionBase64)).toBe(blockhash);
    expect(readTransactionFeePayer(transactionBase64)).toBe(key(1));
    expect(parseTransaction(transactionBase64)).toEqual({
      version: 'legacy',
      header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
      accountKeys: [key(1), key(5), key(9)],
      recentBlockhash: blockhash,
      instructionCount: 1,
      // The instruction as built: its program, accounts in the caller's order, data.
      instructions: [
        {
          programAddress: key(9),
          accounts: [{ address: key(5), isSigner: false, isWritable: true }],
          data: Uint8Array.from([0xaa, 0xbb]),
        },
      ],
    });
  });

  it('orders keys as Solana does, merges duplicates, and counts the header', () => {
    const accounts = [
      { address: key(70), isSigner: false, isWritable: true },
      { address: key(30), isSigner: true, isWritable: false },
      { address: key(60), isSigner: true, isWritable: true },
      { address: key(20), isSigner: false, isWritable: false },
      { address: key(70), isSigner: true, isWritable: false }, // merges with the first: writable signer
      { address: key(80), isSigner: false, isWritable: true },
      { address: key(90), isSigner: false, isWritable: false }, // the fee payer: stays first
      { address: key(10), isSigner: true, isWritable: false },
    ];
    const built = buildInstructionTransaction({
      feePayer: key(90),
      programAddress: key(40),
      accounts,
      data: new Uint8Array(0),
      recentBlockhash: blockhash,
    });
    const parsed = parseTransaction(built.transactionBase64)!;
    const order = [90, 60, 70, 10, 30, 80, 20, 40];
    expect(parsed.accountKeys).toEqual(order.map(key));
    expect(parsed.header).toEqual({
      numRequiredSignatures: 5, // 90, 60, 70, 10, 30
      numReadonlySignedAccounts: 2, // 10, 30
      numReadonlyUnsignedAccounts: 2, // 20, 40
    });
    // Five zeroed signatures, then the message.
    const tx = fromB64(built.transactionBase64);
    expect(tx[0]).toBe(5);
    expect(tx.subarray(1, 1 + 5 * 64).every((b) => b === 0)).toBe(true);
    expect(tx.subarray(1 + 5 * 64)).toEqual(built.messageBytes);
    // The instruction keeps the caller's account order and duplicates, by index.
    const ix = built.messageBytes.subarray(3 + 1 + 8 * 32 + 32);
    const accountIndexes = accounts.map((a) => order.indexOf(keyNumber(a.address)));
    expect(Array.from(ix)).toEqual([1, order.indexOf(40), accounts.length, ...accountIndexes, 0]);
  });

  it('makes a program also named as a writable account writable', () => {
    const parsed = parseTransaction(
      buildInstructionTransaction({
        ...simple,
        accounts: [{ address: key(9), isSigner: false, isWritable: true }],
      }).transactionBase64,
    )!;
    expect(parsed.accountKeys).toEqual([key(1), key(9)]);
    expect(parsed.header.numReadonlyUnsignedAccounts).toBe(0);
  });

  it('refuses a program that is the fee payer, or keys that are not 32-byte base58', () => {
    expect(() => buildInstructionTransaction({ ...simple, programAddress: key(1) })).toThrow(RangeError);
    expect(() => buildInstructionTransaction({ ...simple, recentBlockhash: 'abc' })).toThrow(RangeError);
    expect(() =>
      buildInstructionTransaction({
        ...simple,
        accounts: [{ address: '0OIl', isSigner: false, isWritable: false }],
      }),
    ).toThrow(RangeError);
  });

  it('builds up to exactly 1232 bytes and throws TransactionTooLarge past it', () => {
    const base = fromB64(
      buildInstructionTransaction({ ...simple, data: new Uint8Array(0) }).transactionBase64,
    );
    // Data of length >= 128 takes a 2-byte length instead of 1.
    const largest = MAX_TRANSACTION_BYTES - (base.length - 1) - 2;
    const fits = buildInstructionTransaction({ ...simple, data: new Uint8Array(largest).fill(7) });
    expect(fromB64(fits.transactionBase64).length).toBe(MAX_TRANSACTION_BYTES);
    expect(readTransactionBlockhash(fits.transactionBase64)).toBe(blockhash);

    let thrown: unknown;
    try {
      buildInstructionTransaction({ ...simple, data: new Uint8Array(largest + 1) });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TransactionTooLarge);
    expect(thrown).toMatchObject({ name: 'TransactionTooLarge', size: 1233, limit: 1232 });
  });

  it('throws TransactionTooLarge for too many accounts', () => {
    const accounts = Array.from({ length: 300 }, (_, i) => ({
      address: base58Encode(createHash('sha256').update(`account ${i}`).digest()),
      isSigner: false,
      isWritable: true,
    }));
    expect(() => buildInstructionTransaction({ ...simple, accounts })).toThrow(TransactionTooLarge);
  });
});

function keyNumber(address: string): number {
  for (let n = 0; n < 256; n++) if (key(n) === address) return n;
  throw new Error('not a test key');
}

/** A hand-built v0 transaction: payer + program static, one lookup table loading two accounts. */
function v0Transaction(
  options: { version?: number; ixAccounts?: number[]; writable?: number[]; readonly?: number[] } = {},
) {
  const { version = 0, ixAccounts = [0, 2, 3], writable = [4], readonly = [7] } = options;
  return concat(
    [1],
    new Uint8Array(64).fill(0x11), // a (fake) signature
    [0x80 | version],
    [1, 0, 1],
    [2],
    raw(1),
    raw(9),
    createHash('sha256').update('blockhash').digest(),
    [1],
    [1, ixAccounts.length, ...ixAccounts, 3, 0xde, 0xad, 0x00],
    [1], // one address table lookup
    raw(200),
    [writable.length, ...writable],
    [readonly.length, ...readonly],
  );
}

describe('reading submitted transactions', () => {
  it('reads a hand-built v0 transaction, including instruction indexes into loaded accounts', () => {
    const tx = b64(v0Transaction());
    expect(readTransactionBlockhash(tx)).toBe(blockhash);
    expect(readTransactionFeePayer(tx)).toBe(key(1));
    expect(parseTransaction(tx)).toMatchObject({
      version: 0,
      accountKeys: [key(1), key(9)],
      instructionCount: 1,
    });
  });

  it('refuses malformed v0 transactions', () => {
    expect(parseTransaction(b64(v0Transaction({ version: 1 })))).toBeNull();
    expect(parseTransaction(b64(v0Transaction({ ixAccounts: [4] })))).toBeNull(); // past the 4 keys
    expect(parseTransaction(b64(v0Transaction({ writable: [], readonly: [] })))).toBeNull(); // an unused lookup
  });

  it('refuses every truncation and any trailing byte', () => {
    for (const bytes of [fromB64(buildInstructionTransaction(simple).transactionBase64), v0Transaction()]) {
      for (let n = 0; n < bytes.length; n++) expect(parseTransaction(b64(bytes.subarray(0, n)))).toBeNull();
      expect(parseTransaction(b64(concat(bytes, [0])))).toBeNull();
    }
  });

  it('refuses structurally inconsistent legacy transactions', () => {
    const good = fromB64(buildInstructionTransaction(simple).transactionBase64);
    const message = good.subarray(65);
    const patch = (at: number, ...values: number[]) => {
      const copy = Uint8Array.from(message);
      copy.set(values, at);
      return b64(concat([1], new Uint8Array(64), copy));
    };
    expect(parseTransaction(b64(concat([1], new Uint8Array(64), message)))).not.toBeNull();
    expect(parseTransaction(b64(concat([2], new Uint8Array(128), message)))).toBeNull(); // 2 signatures, 1 signer
    expect(parseTransaction(b64(concat([0], message)))).toBeNull(); // no signatures
    expect(parseTransaction(patch(1, 1))).toBeNull(); // the fee payer readonly
    expect(parseTransaction(patch(2, 3))).toBeNull(); // header counts past the keys
    expect(parseTransaction(patch(4 + 32, ...raw(1)))).toBeNull(); // a duplicate key (second key = payer)
    const ixStart = 4 + 3 * 32 + 32 + 1;
    expect(parseTransaction(patch(ixStart, 0))).toBeNull(); // the program is the fee payer
    expect(parseTransaction(patch(ixStart, 3))).toBeNull(); // program index past the keys
    expect(parseTransaction(patch(ixStart + 2, 3))).toBeNull(); // account index past the keys
  });

  it('refuses a well-formed transaction over 1232 bytes', () => {
    const base = fromB64(
      buildInstructionTransaction({ ...simple, data: new Uint8Array(0) }).transactionBase64,
    );
    const largest = MAX_TRANSACTION_BYTES - (base.length - 1) - 2;
    const at = fromB64(
      buildInstructionTransaction({ ...simple, data: new Uint8Array(largest) }).transactionBase64,
    );
    // Same layout, one more data byte: the data length is the 2 bytes before the data.
    const over = concat(
      at.subarray(0, at.length - largest - 2),
      encodeShortVec(largest + 1),
      new Uint8Array(largest + 1),
    );
    expect(over.length).toBe(MAX_TRANSACTION_BYTES + 1);
    expect(readTransactionBlockhash(b64(over))).toBeNull();
    expect(readTransactionFeePayer(b64(over))).toBeNull();
  });

  it.each([
    ['', 'empty'],
    ['AA==', 'one zero byte'],
    ['not base64!', 'not base64'],
    ['AQ', 'unpadded base64'],
    ['AR==', 'non-canonical padding bits'],
  ])('returns null for %j (%s)', (input) => {
    expect(readTransactionBlockhash(input)).toBeNull();
    expect(readTransactionFeePayer(input)).toBeNull();
  });

  it('returns null for random bytes', () => {
    for (let i = 0; i < 200; i++) {
      const length = 1 + ((i * 37) % 1232);
      const bytes = new Uint8Array(length);
      for (let at = 0; at < length; at += 32)
        bytes.set(
          createHash('sha256')
            .update(`random ${i} ${at}`)
            .digest()
            .subarray(0, length - at),
          at,
        );
      expect(readTransactionBlockhash(b64(bytes))).toBeNull();
    }
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.uint8Array({ maxLength: 1400 }).map(b64)), (input) => {
        const blockhashRead = readTransactionBlockhash(input);
        if (blockhashRead !== null) expect(blockhashRead).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
      }),
    );
  });
});
