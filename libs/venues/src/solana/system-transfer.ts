import { type ParsedInstruction, parseTransaction } from './transaction-wire';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
/** How a transfer names an account a v0 message loads from an address lookup table. */
const LOOKED_UP = '(an account from an address lookup table)';
/** The System program's `Transfer`: a little-endian u32 of 2, then the lamports as a u64. */
const TRANSFER = 2;

/** Lamports moved by a System program transfer. */
export interface SystemTransfer {
  from: string;
  to: string;
  lamports: bigint;
  /**
   * Why Solana would fail it, or null: the payer must sign and be writable, the recipient writable
   * (a read-only account's lamports cannot change; the System program it calls always is).
   */
  refused: string | null;
}

/**
 * The System program transfer an instruction is, or null for any other instruction (another program,
 * another System instruction). What a review can show of a Solana instruction, and what the
 * sandbox chain runs of one.
 */
export function systemTransferOf(
  instruction: Pick<ParsedInstruction, 'programAddress' | 'accounts' | 'data'>,
): SystemTransfer | null {
  const { programAddress, accounts, data } = instruction;
  if (programAddress !== SYSTEM_PROGRAM || data.length !== 12) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(0, true) !== TRANSFER) return null;
  const [from, to] = accounts;
  if (!from || !to) return null;
  const lamports = view.getBigUint64(4, true);
  // Accounts a v0 message loads from a lookup table: the sandbox chain has none to load them from,
  // so it cannot run the transfer as Solana would (found by a probe: it ran nothing and succeeded).
  if (from.address === null || to.address === null)
    return {
      from: from.address ?? LOOKED_UP,
      to: to.address ?? LOOKED_UP,
      lamports,
      refused: 'it names an account from an address lookup table, which the sandbox chain does not have',
    };
  const refused = !from.isSigner
    ? `the payer ${from.address} does not sign it`
    : !from.isWritable
      ? `the payer ${from.address} is read-only in it`
      : !to.isWritable
        ? `the recipient ${to.address} is read-only in it, so its lamports cannot change`
        : // The program an instruction calls is read-only in its transaction, whatever the flags say.
          to.address === SYSTEM_PROGRAM
          ? 'the recipient is the System program, which Solana keeps read-only'
          : null;
  return { from: from.address, to: to.address, lamports, refused };
}

/**
 * The System program transfers among a transaction's instructions, in their order (none when its
 * bytes do not parse): what the sandbox chain runs of it, and what a review and its funding read.
 */
export function systemTransfersIn(transaction: string): SystemTransfer[] {
  const transfers: SystemTransfer[] = [];
  for (const instruction of parseTransaction(transaction)?.instructions ?? []) {
    const transfer = systemTransferOf(instruction);
    if (transfer !== null) transfers.push(transfer);
  }
  return transfers;
}
