import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { EVM_NETWORKS } from '@vetted/venues';
import {
  DECIMAL_PATTERN,
  DECIMAL_RULE,
  EXAMPLE,
  EvmTokenAssetDoc,
  IntentBaseDoc,
  POSITIVE_RAW_PATTERN,
  RECIPIENT_RULE,
} from './shape-b-fields.docs';

/** Documentation of the Shape B chain-level intents: raw EVM calls, Solana instructions and transactions, approvals. */

const RAW_INTEGER_PATTERN = '^(0|[1-9][0-9]*)$';
const SOLANA_ADDRESS = 'Base58 of 32 bytes, case-sensitive, kept verbatim';

/** `transfer(0x5aAe…, 10 USDC)`: selector a9059cbb, then the two words. */
const TRANSFER_CALL =
  '0xa9059cbb0000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed' +
  '0000000000000000000000000000000000000000000000000000000000989680';

/** An unsigned legacy SOL transfer of 0.01 SOL, paid by the example wallet (215 bytes). */
const SUPPLIED_TRANSACTION =
  'AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABAAEDfowIh2C/3h3dzzLBfyCb' +
  'gkLuUqrxMfrNiNDqLG0LBvK4p/3/+IsYzCWYUp0NrZv5aXqKII7paNROYYsDLgRlEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAzEkO' +
  'kozS44c7s0P8ldozF5ymD02/RsLDbpEpnVXU5rkBAgIAAQwCAAAAgJaYAAAAAAA=';

@ApiSchema({
  description:
    'A complete EVM call (rule 8): every parameter is supplied; nothing is estimated or defaulted. The ' +
    'review shows the exact call, its value and the most its gas limit can cost.',
})
export class EvmCallIntentDoc extends IntentBaseDoc {
  @ApiProperty({ enum: ['evmCall'], example: 'evmCall' }) type!: string;
  @ApiProperty({ enum: EVM_NETWORKS, example: 'base' }) network!: string;
  @ApiProperty({
    pattern: '^0x[0-9a-fA-F]{40}$',
    example: EXAMPLE.usdcBase,
    description: `The called contract or account. ${RECIPIENT_RULE}`,
  })
  to!: string;
  @ApiProperty({
    pattern: '^0x([0-9a-fA-F]{2})*$',
    example: TRANSFER_CALL,
    description:
      'Call data: `0x` then an even number of hex digits (at most 128 KiB), stored lowercase; `0x` alone is a plain transfer',
  })
  data!: string;
  @ApiProperty({
    pattern: RAW_INTEGER_PATTERN,
    example: '0',
    description:
      'Wei sent with the call: a canonical raw integer (digits, no leading zeroes, no fraction; rule 5)',
  })
  value!: string;
  @ApiProperty({
    pattern: POSITIVE_RAW_PATTERN,
    example: '65000',
    description:
      'Gas limit: a positive canonical raw integer; the whole limit is reserved as the network fee',
  })
  gasLimit!: string;
}

export class SolanaAccountMetaDoc {
  @ApiProperty({ example: EXAMPLE.solanaWallet, description: SOLANA_ADDRESS }) address!: string;
  @ApiProperty({ example: true, description: 'Only the paying wallet can sign' }) isSigner!: boolean;
  @ApiProperty({ example: true }) isWritable!: boolean;
}

const INTEGER_PART = (bytes: number) => ({
  pattern: RAW_INTEGER_PATTERN,
  example: '5',
  description: `Unsigned integer, ${bytes} byte(s) little-endian: decimal digits that fit the width`,
});

/** Each data part is an object with exactly one of these keys (rule 9). */
const DATA_PARTS: Record<string, { description: string; example: string; pattern?: string }> = {
  u8: INTEGER_PART(1),
  u16: INTEGER_PART(2),
  u32: INTEGER_PART(4),
  u64: INTEGER_PART(8),
  u128: INTEGER_PART(16),
  address: {
    example: EXAMPLE.solanaRecipient,
    description: `32 bytes: a Solana address (${SOLANA_ADDRESS})`,
  },
  utf8: {
    example: 'hello',
    description: 'The UTF-8 bytes, with no length prefix (add a `u32` part before it for Borsh strings)',
  },
  hex: { example: '0xff01', description: 'The bytes spelled: an even number of hex digits, optional `0x`' },
  anchor: {
    example: 'initialize',
    description: 'The 8-byte Anchor discriminator of the named instruction (sha256("global:<name>")[0..8])',
  },
};

const DATA_PART_SCHEMAS = Object.entries(DATA_PARTS).map(([key, property]) => ({
  type: 'object' as const,
  required: [key],
  additionalProperties: false,
  properties: { [key]: { type: 'string' as const, ...property } },
}));

@ApiSchema({
  description:
    'One Solana instruction (rule 9). The service builds a legacy transaction with the wallet as fee payer ' +
    'and a recent blockhash it supplies; the review shows the encoded data (hex) and the blockhash with its ' +
    'expiry. Past the expiry the operation fails before effect (BLOCKHASH_EXPIRED): prepare and approve again.',
})
export class SolanaInstructionIntentDoc extends IntentBaseDoc {
  @ApiProperty({ enum: ['solanaInstruction'], example: 'solanaInstruction' }) type!: string;
  @ApiProperty({
    example: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
    description: `The program invoked. ${SOLANA_ADDRESS}`,
  })
  programAddress!: string;
  @ApiProperty({
    type: [SolanaAccountMetaDoc],
    maxItems: 64,
    example: [{ address: EXAMPLE.solanaWallet, isSigner: true, isWritable: true }],
    description:
      "The accounts in the order the program expects them; only the paying wallet signs (the example's " +
      "signer stands for your wallet's address)",
  })
  accounts!: SolanaAccountMetaDoc[];
  @ApiProperty({
    type: 'array',
    items: { oneOf: DATA_PART_SCHEMAS },
    example: [{ anchor: 'initialize' }, { u16: '5' }, { u64: '1000000' }],
    description:
      'The instruction data, as ordered parts concatenated: each an object with exactly one of ' +
      '`u8`, `u16`, `u32`, `u64`, `u128` (decimal string), `address`, `utf8`, `hex`, `anchor`',
  })
  data!: object[];
}

@ApiSchema({
  description:
    'A supplied Solana transaction, submitted byte for byte (never rebuilt or re-blockhashed). It must ' +
    'parse as a legacy or v0 transaction, be paid by the wallet, and carry a recent blockhash the chain ' +
    'still accepts: otherwise BLOCKHASH_EXPIRED, and a new transaction with a fresh blockhash is needed.',
})
export class SolanaTransactionIntentDoc extends IntentBaseDoc {
  @ApiProperty({ enum: ['solanaTransaction'], example: 'solanaTransaction' }) type!: string;
  @ApiProperty({
    format: 'byte',
    maxLength: 2464,
    example: SUPPLIED_TRANSACTION,
    description:
      'The serialized transaction, standard base64 with padding. The service signs for the wallet (the fee ' +
      "payer, whose signature slot it fills); every other signer's valid signature must already be in the " +
      'bytes, or creation is refused (400 at `intent.transaction`)',
  })
  transaction!: string;
}

@ApiSchema({
  description:
    'An ERC-20 `approve`: sets (not adds to) the allowance of `spender` to exactly `amount`. Also appears ' +
    'as the prerequisite of a swap short of allowance (a send needs none), whose continuation names that successor.',
})
export class TokenApprovalIntentDoc extends IntentBaseDoc {
  @ApiProperty({ enum: ['tokenApproval'], example: 'tokenApproval' }) type!: string;
  @ApiProperty({ type: EvmTokenAssetDoc, example: { network: 'base', asset: EXAMPLE.usdcBase } })
  asset!: EvmTokenAssetDoc;
  @ApiProperty({
    pattern: '^0x[0-9a-fA-F]{40}$',
    example: EXAMPLE.spender,
    description: `The address allowed to spend. ${RECIPIENT_RULE}`,
  })
  spender!: string;
  @ApiProperty({
    pattern: DECIMAL_PATTERN,
    example: '250',
    description: `The allowance in human units of the token (no "max"). ${DECIMAL_RULE}`,
  })
  amount!: string;
}

export const SHAPE_B_CHAIN_ARMS = [
  EvmCallIntentDoc,
  SolanaInstructionIntentDoc,
  SolanaTransactionIntentDoc,
  TokenApprovalIntentDoc,
];
