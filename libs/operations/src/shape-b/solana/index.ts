export { type DataPart, anchorDiscriminator, encodeInstructionData } from './instruction-data';
export { SHORTVEC_MAX, decodeShortVec, encodeShortVec, shortVecLength } from './shortvec';
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
} from './transaction-wire';
