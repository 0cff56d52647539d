import { base58Decode, base58Encode } from '@vetted/kernel';
import { decodeShortVec, encodeShortVec, shortVecLength } from './shortvec';

/**
 * Solana transaction wire format, enough to build a one-instruction legacy transaction and to read
 * a submitted legacy or v0 transaction's fee payer and recent blockhash. Pure, synchronous, no I/O.
 *
 * Signing is NOT done here: built transactions carry zeroed 64-byte signature placeholders, one per
 * required signer. Signing belongs to the wallet custody layer; `unsignedCosigners`
 * (cosigner-signatures.ts) verifies the signatures of the signers other than the fee payer.
 */

/** Solana's packet limit (1280 − 40 IPv6 header − 8 fragment header): the largest transaction. */
export const MAX_TRANSACTION_BYTES = 1232;
const SIGNATURE_BYTES = 64;
const KEY_BYTES = 32;
/** Instructions name accounts by a one-byte index, so a message addresses at most 256 keys. */
const MAX_ACCOUNT_KEYS = 256;

/** Thrown by `buildInstructionTransaction` when the encoded transaction would exceed the limit. */
export class TransactionTooLarge extends Error {
  override readonly name = 'TransactionTooLarge';
  constructor(
    /** The size the transaction would have, in bytes. */
    readonly size: number,
    readonly limit: number = MAX_TRANSACTION_BYTES,
  ) {
    super(`Solana transaction of ${size} bytes exceeds the ${limit}-byte limit`);
  }
}

export interface InstructionAccount {
  address: string;
  isSigner: boolean;
  isWritable: boolean;
}

export interface InstructionTransactionInput {
  feePayer: string;
  programAddress: string;
  accounts: readonly InstructionAccount[];
  data: Uint8Array;
  recentBlockhash: string;
}

export interface MessageHeader {
  numRequiredSignatures: number;
  numReadonlySignedAccounts: number;
  numReadonlyUnsignedAccounts: number;
}

/**
 * Builds a legacy transaction holding one instruction, the way the Solana SDK's `Message::new`
 * compiles it: account keys are the fee payer (always a writable signer) first, then writable
 * signers, readonly signers, writable non-signers, readonly non-signers — each group sorted by
 * the keys' raw bytes, as the SDK's BTreeMap orders them. The program id is a readonly non-signer;
 * a key named more than once is merged, its signer and writable flags OR-ed. The instruction's own
 * account list keeps the caller's order and duplicates. Signatures are zeroed placeholders.
 *
 * Addresses and the blockhash must be base58 of 32 bytes, and the program must not be the fee
 * payer (a `RangeError` otherwise: callers validate first). Throws `TransactionTooLarge` past `MAX_TRANSACTION_BYTES`.
 */
export function buildInstructionTransaction(input: InstructionTransactionInput): {
  transactionBase64: string;
  messageBytes: Uint8Array;
} {
  const blockhash = keyBytes(input.recentBlockhash, 'recentBlockhash');
  const { header, keys } = compileKeys(input);
  const indexOf = new Map(keys.map((k, i) => [hexOf(k), i]));
  const { accounts, data } = input;

  const messageSize =
    3 +
    shortVecLength(keys.length) +
    KEY_BYTES * keys.length +
    KEY_BYTES +
    shortVecLength(1) +
    1 +
    shortVecLength(accounts.length) +
    accounts.length +
    shortVecLength(data.length) +
    data.length;
  const signatures = header.numRequiredSignatures;
  const size = shortVecLength(signatures) + SIGNATURE_BYTES * signatures + messageSize;
  if (size > MAX_TRANSACTION_BYTES || keys.length > MAX_ACCOUNT_KEYS) throw new TransactionTooLarge(size);

  const message = new ByteWriter(messageSize);
  message.bytes([
    header.numRequiredSignatures,
    header.numReadonlySignedAccounts,
    header.numReadonlyUnsignedAccounts,
  ]);
  message.bytes(encodeShortVec(keys.length));
  for (const key of keys) message.bytes(key);
  message.bytes(blockhash);
  message.bytes(encodeShortVec(1));
  message.bytes([indexOf.get(hexOf(keyBytes(input.programAddress, 'programAddress')))!]);
  message.bytes(encodeShortVec(accounts.length));
  message.bytes(accounts.map((a) => indexOf.get(hexOf(keyBytes(a.address, 'account')))!));
  message.bytes(encodeShortVec(data.length));
  message.bytes(data);

  const transaction = new ByteWriter(size);
  transaction.bytes(encodeShortVec(signatures));
  transaction.bytes(new Uint8Array(SIGNATURE_BYTES * signatures));
  transaction.bytes(message.out);
  return { transactionBase64: Buffer.from(transaction.out).toString('base64'), messageBytes: message.out };
}

function compileKeys(input: InstructionTransactionInput): { header: MessageHeader; keys: Uint8Array[] } {
  const metas = new Map<string, { key: Uint8Array; isSigner: boolean; isWritable: boolean }>();
  const note = (key: Uint8Array, isSigner: boolean, isWritable: boolean) => {
    const meta = metas.get(hexOf(key));
    if (meta) {
      meta.isSigner ||= isSigner;
      meta.isWritable ||= isWritable;
    } else metas.set(hexOf(key), { key, isSigner, isWritable });
  };
  const payer = keyBytes(input.feePayer, 'feePayer');
  const program = keyBytes(input.programAddress, 'programAddress');
  if (hexOf(program) === hexOf(payer)) throw new RangeError('the fee payer cannot be the program');
  note(payer, true, true);
  note(program, false, false);
  for (const a of input.accounts) note(keyBytes(a.address, 'account'), a.isSigner, a.isWritable);

  const rest = [...metas.values()]
    .filter((m) => hexOf(m.key) !== hexOf(payer))
    .sort((a, b) => Buffer.compare(a.key, b.key));
  const group = (isSigner: boolean, isWritable: boolean) =>
    rest.filter((m) => m.isSigner === isSigner && m.isWritable === isWritable).map((m) => m.key);
  const writableSigners = group(true, true);
  const readonlySigners = group(true, false);
  const writableNonSigners = group(false, true);
  const readonlyNonSigners = group(false, false);
  return {
    header: {
      numRequiredSignatures: 1 + writableSigners.length + readonlySigners.length,
      numReadonlySignedAccounts: readonlySigners.length,
      numReadonlyUnsignedAccounts: readonlyNonSigners.length,
    },
    keys: [payer, ...writableSigners, ...readonlySigners, ...writableNonSigners, ...readonlyNonSigners],
  };
}

/** What `parseTransaction` reads from a well-formed legacy or v0 transaction. */
export interface ParsedTransaction {
  version: 'legacy' | 0;
  header: MessageHeader;
  /** The message's static account keys, base58; the first is the fee payer. */
  accountKeys: string[];
  recentBlockhash: string;
  instructionCount: number;
  /** The instructions in order, their accounts resolved where the message itself holds them. */
  instructions: ParsedInstruction[];
}

/** One instruction of a parsed transaction. */
export interface ParsedInstruction {
  programAddress: string;
  /**
   * The accounts it names, with the message's flags for them. The address is null for one a v0
   * message loads from an address lookup table (never a signer; writable or not, the sandbox does
   * not resolve: counted read-only).
   */
  accounts: { address: string | null; isSigner: boolean; isWritable: boolean }[];
  data: Uint8Array;
}

/**
 * Parses base64 transaction bytes, legacy or v0 (a message whose first byte has the high bit set
 * carries version `byte & 0x7f`; only 0 exists). Returns null unless the bytes are well formed:
 * - base64 must be canonical standard base64 with padding (what `sendTransaction` takes);
 * - the whole transaction, 1..1232 bytes, is parsed: every length must fit and TRAILING BYTES ARE
 *   REJECTED, since the bytes are submitted unchanged and Solana refuses them too;
 * - the checks Solana's sanitizer makes on structure: one signature per required signer, a
 *   writable fee payer, header counts within the keys, no duplicate static keys, instruction
 *   indexes in range, the fee payer never the program, v0 lookups loading at least one account
 *   and at most 256 keys in all. Signatures themselves are not verified.
 */
export function parseTransaction(base64: string): ParsedTransaction | null {
  const bytes = decodeBase64(base64);
  if (bytes === null || bytes.length === 0 || bytes.length > MAX_TRANSACTION_BYTES) return null;
  try {
    return readTransaction(new ByteReader(bytes));
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}

/** The recent blockhash (base58) of a well-formed legacy or v0 transaction, else null. */
export function readTransactionBlockhash(base64: string): string | null {
  return parseTransaction(base64)?.recentBlockhash ?? null;
}

/**
 * The message of a well-formed legacy or v0 transaction (the bytes its signatures sign), else null.
 * Two transactions with one message are one transaction to Solana: its id is the fee payer's
 * signature of the message.
 */
export function readTransactionMessage(base64: string): Uint8Array | null {
  if (parseTransaction(base64) === null) return null;
  const bytes = decodeBase64(base64)!;
  const signatures = decodeShortVec(bytes, 0)!;
  return bytes.subarray(signatures.next + SIGNATURE_BYTES * signatures.value);
}

/**
 * The signatures of a well-formed legacy or v0 transaction, each with the signer it belongs to (the
 * first `numRequiredSignatures` account keys, in order: the fee payer's first), and the message they
 * sign; else null.
 */
export function readTransactionSignatures(
  base64: string,
): { message: Uint8Array; signatures: { signer: string; signature: Uint8Array }[] } | null {
  const parsed = parseTransaction(base64);
  if (parsed === null) return null;
  const bytes = decodeBase64(base64)!;
  const count = decodeShortVec(bytes, 0)!;
  const signatures = Array.from({ length: count.value }, (_, i) => ({
    signer: parsed.accountKeys[i],
    signature: bytes.subarray(count.next + SIGNATURE_BYTES * i, count.next + SIGNATURE_BYTES * (i + 1)),
  }));
  return { message: bytes.subarray(count.next + SIGNATURE_BYTES * count.value), signatures };
}

/** The fee payer (first account key, base58) of a well-formed legacy or v0 transaction, else null. */
export function readTransactionFeePayer(base64: string): string | null {
  return parseTransaction(base64)?.accountKeys[0] ?? null;
}

function readTransaction(r: ByteReader): ParsedTransaction {
  const signatureCount = r.shortVec();
  r.take(SIGNATURE_BYTES * signatureCount);

  let version: 'legacy' | 0 = 'legacy';
  if (r.peek() & 0x80) {
    if ((r.u8() & 0x7f) !== 0) throw new Malformed();
    version = 0;
  }
  const header: MessageHeader = {
    numRequiredSignatures: r.u8(),
    numReadonlySignedAccounts: r.u8(),
    numReadonlyUnsignedAccounts: r.u8(),
  };
  const keyCount = r.shortVec();
  const keys = Array.from({ length: keyCount }, () => r.take(KEY_BYTES));
  const recentBlockhash = r.take(KEY_BYTES);

  const instructions = Array.from({ length: r.shortVec() }, () => ({
    programIdIndex: r.u8(),
    accountIndexes: r.take(r.shortVec()),
    data: r.take(r.shortVec()),
  }));
  let loadedCount = 0;
  if (version === 0) {
    const lookupCount = r.shortVec();
    for (let i = 0; i < lookupCount; i++) {
      r.take(KEY_BYTES);
      const loaded = r.take(r.shortVec()).length + r.take(r.shortVec()).length;
      if (loaded === 0) throw new Malformed();
      loadedCount += loaded;
    }
  }
  if (!r.atEnd()) throw new Malformed();

  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = header;
  const totalKeys = keyCount + loadedCount;
  if (
    signatureCount !== numRequiredSignatures ||
    numReadonlySignedAccounts >= numRequiredSignatures ||
    numRequiredSignatures + numReadonlyUnsignedAccounts > keyCount ||
    totalKeys > MAX_ACCOUNT_KEYS ||
    new Set(keys.map(hexOf)).size !== keyCount
  )
    throw new Malformed();
  for (const ix of instructions) {
    // Programs are static keys (never loaded from a lookup table), and never the fee payer.
    if (ix.programIdIndex === 0 || ix.programIdIndex >= keyCount) throw new Malformed();
    if (ix.accountIndexes.some((index) => index >= totalKeys)) throw new Malformed();
  }
  const accountKeys = keys.map((k) => base58Encode(k));
  return {
    version,
    header,
    accountKeys,
    recentBlockhash: base58Encode(recentBlockhash),
    instructionCount: instructions.length,
    instructions: instructions.map((ix) => ({
      programAddress: accountKeys[ix.programIdIndex],
      accounts: Array.from(ix.accountIndexes, (index) => accountMeta(index, accountKeys, header)),
      data: Uint8Array.from(ix.data),
    })),
  };
}

/**
 * A static key's flags follow from its place and the header: signers first (the last
 * `numReadonlySignedAccounts` of them read-only), then non-signers (the last
 * `numReadonlyUnsignedAccounts` read-only).
 */
function accountMeta(
  index: number,
  keys: readonly string[],
  header: MessageHeader,
): ParsedInstruction['accounts'][number] {
  if (index >= keys.length) return { address: null, isSigner: false, isWritable: false };
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = header;
  const isSigner = index < numRequiredSignatures;
  const isWritable = isSigner
    ? index < numRequiredSignatures - numReadonlySignedAccounts
    : index < keys.length - numReadonlyUnsignedAccounts;
  return { address: keys[index], isSigner, isWritable };
}

/** Internal: the bytes are not a well-formed transaction. */
class Malformed extends Error {}

class ByteReader {
  private at = 0;
  constructor(private readonly buf: Uint8Array) {}
  peek(): number {
    if (this.at >= this.buf.length) throw new Malformed();
    return this.buf[this.at];
  }
  u8(): number {
    const byte = this.peek();
    this.at += 1;
    return byte;
  }
  take(n: number): Uint8Array {
    if (this.at + n > this.buf.length) throw new Malformed();
    this.at += n;
    return this.buf.subarray(this.at - n, this.at);
  }
  shortVec(): number {
    const read = decodeShortVec(this.buf, this.at);
    if (read === null) throw new Malformed();
    this.at = read.next;
    return read.value;
  }
  atEnd(): boolean {
    return this.at === this.buf.length;
  }
}

class ByteWriter {
  readonly out: Uint8Array;
  private at = 0;
  constructor(size: number) {
    this.out = new Uint8Array(size);
  }
  bytes(chunk: ArrayLike<number>): void {
    this.out.set(chunk, this.at);
    this.at += chunk.length;
  }
}

function decodeBase64(value: string): Uint8Array | null {
  if (value.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
  if (value.length > Math.ceil(MAX_TRANSACTION_BYTES / 3) * 4) return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.toString('base64') === value ? Uint8Array.from(bytes) : null;
}

function keyBytes(value: string, what: string): Uint8Array {
  const bytes = base58Decode(value);
  if (bytes?.length !== KEY_BYTES) throw new RangeError(`${what} is not base58 of 32 bytes: ${value}`);
  return bytes;
}

function hexOf(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
