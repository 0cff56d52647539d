export { type DataPart, anchorDiscriminator, encodeInstructionData } from './instruction-data';
// The wire format is shared with the sandbox chain, which reads the transactions it runs.
export { SHORTVEC_MAX, decodeShortVec, encodeShortVec, shortVecLength } from '@vetted/venues';
export {
  type InstructionAccount,
  type InstructionTransactionInput,
  type MessageHeader,
  type ParsedTransaction,
  MAX_TRANSACTION_BYTES,
  TransactionTooLarge,
  buildInstructionTransaction,
  parseTransaction,
  readTransactionBlockhash,
  readTransactionFeePayer,
} from '@vetted/venues';
