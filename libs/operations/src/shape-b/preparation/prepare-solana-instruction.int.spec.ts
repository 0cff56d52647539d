import { newSolanaAddress } from '@vetted/kernel';
import { BLOCKHASH_LIFETIME_MS, SOLANA_FEE_LAMPORTS } from '@vetted/sandbox';
import {
  SOL,
  preparationSandbox,
  refusal,
  refusedPaths,
} from '../../preparation/testing/preparation-sandbox';
import type { SolanaAccountMeta, SolanaDataPart, SolanaInstructionIntent } from '../intent';
import { parseTransaction } from '../solana';
import { prepareSolanaInstruction } from './prepare-solana-instruction';

const open = preparationSandbox();
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** SPL Token `Transfer` of 1 000 000 base units: instruction 3, then the amount as a little-endian u64. */
const TRANSFER_PARTS: SolanaDataPart[] = [{ u8: '3' }, { u64: '1000000' }];
const TRANSFER_DATA = '0340420f0000000000';

async function world(options: { funded?: boolean } = {}) {
  const opened = open();
  const { sandbox, wallets } = opened;
  if (options.funded !== false) await sandbox.faucet('solana', wallets.solana.address, null, SOL);
  const [source, destination] = [newSolanaAddress(), newSolanaAddress()];
  const accounts: SolanaAccountMeta[] = [
    { address: source, isSigner: false, isWritable: true },
    { address: destination, isSigner: false, isWritable: true },
    { address: wallets.solana.address, isSigner: true, isWritable: false },
  ];
  const instruction = (overrides: Partial<SolanaInstructionIntent> = {}): SolanaInstructionIntent => ({
    type: 'solanaInstruction',
    walletId: 2,
    programAddress: TOKEN_PROGRAM,
    accounts,
    data: TRANSFER_PARTS,
    ...overrides,
  });
  const prepare = (intent: SolanaInstructionIntent, wallet = wallets.solana) =>
    prepareSolanaInstruction(intent, opened.context(wallet));
  return { ...opened, accounts, instruction, prepare };
}

const capturedTransaction = (actions: unknown[]): string =>
  (actions[0] as { tx: { transaction: string } }).tx.transaction;

describe('prepareSolanaInstruction', () => {
  it('builds the instruction with the wallet as fee payer and the current blockhash, and reviews it', async () => {
    const { sandbox, wallets, accounts, instruction, prepare } = await world();
    const recent = await sandbox.chain.recentBlockhash();
    const prepared = await prepare(instruction());
    const transaction = capturedTransaction(prepared.actions);
    expect(prepared.actions).toEqual([
      {
        kind: 'chain',
        tx: {
          kind: 'solanaTransaction',
          network: 'solana',
          from: wallets.solana.address,
          transaction,
          recentBlockhash: recent.blockhash,
        },
      },
    ]);
    expect(parseTransaction(transaction)).toMatchObject({
      version: 'legacy',
      accountKeys: expect.arrayContaining([wallets.solana.address, TOKEN_PROGRAM]),
      recentBlockhash: recent.blockhash,
      instructionCount: 1,
    });
    expect(parseTransaction(transaction)?.accountKeys[0]).toBe(wallets.solana.address);
    // The message ends with the only instruction's data: its length (9), then the encoded bytes.
    expect(Buffer.from(transaction, 'base64').toString('hex').endsWith(`09${TRANSFER_DATA}`)).toBe(true);
    expect(prepared.review).toEqual({
      type: 'solanaInstruction',
      walletId: 2,
      summary: expect.stringMatching(
        new RegExp(
          `program ${TOKEN_PROGRAM} .*\\(its data is not decoded: this review cannot show what it moves\\)`,
        ),
      ),
      programAddress: TOKEN_PROGRAM,
      accounts,
      instructionData: { hex: TRANSFER_DATA, bytes: 9 },
      systemTransfer: null,
      feePayer: wallets.solana.address,
      blockhash: { blockhash: recent.blockhash, expiresAt: recent.expiresAt },
      networkFees: [
        {
          leg: 0,
          fee: expect.objectContaining({ symbol: 'SOL', amountRaw: SOLANA_FEE_LAMPORTS.toString() }),
        },
      ],
      sourceUrl: null,
    });
  });

  it('reads a System program transfer out of the wallet, needs what it sends, and the chain runs it', async () => {
    const { sandbox, wallets, instruction, prepare, execute } = await world();
    const to = newSolanaAddress();
    const transfer = (lamports: bigint, toWritable = true) =>
      instruction({
        programAddress: '11111111111111111111111111111111',
        accounts: [
          { address: wallets.solana.address, isSigner: true, isWritable: true },
          { address: to, isSigner: false, isWritable: toWritable },
        ],
        data: [{ u32: '2' }, { u64: lamports.toString() }],
      });
    // The wallet holds 1 SOL: sending all of it leaves nothing for the fee.
    expect(await refusal(prepare(transfer(SOL)))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    // Into an account it declares read-only, Solana would fail it: refused, not reviewed.
    expect(await refusedPaths(prepare(transfer(1n, false)))).toEqual(['intent.accounts']);
    // So would one into the System program it calls, and one out of an account that does not sign.
    const system = instruction({
      programAddress: '11111111111111111111111111111111',
      accounts: [
        { address: wallets.solana.address, isSigner: true, isWritable: true },
        { address: '11111111111111111111111111111111', isSigner: false, isWritable: true },
      ],
      data: [{ u32: '2' }, { u64: '1000' }],
    });
    expect(await refusal(prepare(system))).toMatchObject({
      fields: [
        {
          path: 'intent.accounts',
          message:
            'make a System transfer that fails: the recipient is the System program, which Solana keeps read-only',
        },
      ],
    });
    const outOfAnother = instruction({
      programAddress: '11111111111111111111111111111111',
      accounts: [
        { address: newSolanaAddress(), isSigner: false, isWritable: true },
        { address: to, isSigner: false, isWritable: true },
      ],
      data: [{ u32: '2' }, { u64: '1000' }],
    });
    expect(await refusal(prepare(outOfAnother))).toMatchObject({
      fields: [{ path: 'intent.accounts', message: expect.stringMatching(/does not sign it$/) }],
    });
    const prepared = await prepare(transfer(SOL / 10n));
    expect(prepared.review).toMatchObject({
      summary: expect.stringMatching(
        new RegExp(
          `^Transfer 0\\.1 SOL on solana from ${wallets.solana.address} to ${to} with the System program`,
        ),
      ),
      systemTransfer: {
        to,
        amount: expect.objectContaining({ symbol: 'SOL', amountRaw: (SOL / 10n).toString() }),
      },
    });
    const [outcome] = await execute(prepared.actions);
    expect(outcome).toMatchObject({ kind: 'settled', receipt: { status: 'success' } });
    expect(await sandbox.chain.balance('solana', to, null)).toBe(SOL / 10n);
  });

  it('encodes an Anchor discriminator, integers, UTF-8 and hex in order', async () => {
    const { instruction, prepare } = await world();
    const prepared = await prepare(
      instruction({ data: [{ anchor: 'initialize' }, { u32: '2' }, { utf8: 'hi' }, { hex: '0xFF' }] }),
    );
    const hex = 'afaf6d1f0d989bed' + '02000000' + '6869' + 'ff';
    expect(prepared.review).toMatchObject({ instructionData: { hex, bytes: 15 } });
    expect(Buffer.from(capturedTransaction(prepared.actions), 'base64').toString('hex').endsWith(hex)).toBe(
      true,
    );
  });

  it('executes as captured, charging the fee; after the blockhash expires it fails before effect', async () => {
    const { sandbox, clock, wallets, instruction, prepare, execute } = await world();
    const first = await prepare(instruction());
    expect(await execute(first.actions)).toEqual([
      expect.objectContaining({ kind: 'settled', receipt: expect.objectContaining({ status: 'success' }) }),
    ]);
    const balance = await sandbox.chain.balance('solana', wallets.solana.address, null);
    expect(balance).toBe(SOL - SOLANA_FEE_LAMPORTS);

    const second = await prepare(instruction());
    clock.advance(BLOCKHASH_LIFETIME_MS);
    expect(await execute(second.actions)).toEqual([
      {
        kind: 'failed',
        code: 'BLOCKHASH_EXPIRED',
        error: expect.stringContaining('an expired blockhash needs a fresh preparation and approval'),
        effect: 'none',
      },
    ]);
    expect(await sandbox.chain.balance('solana', wallets.solana.address, null)).toBe(balance);
  });

  it('is signed by a Solana wallet only', async () => {
    const { wallets, instruction, prepare } = await world();
    expect(await refusedPaths(prepare(instruction({ walletId: 1 }), wallets.evm))).toEqual([
      'intent.walletId',
    ]);
  });

  it('refuses signers other than the wallet, and the wallet as the program', async () => {
    const { wallets, accounts, instruction, prepare } = await world();
    const foreignSigner = [accounts[0], { ...accounts[1], isSigner: true }, accounts[2]];
    expect(await refusedPaths(prepare(instruction({ accounts: foreignSigner })))).toEqual([
      'intent.accounts[1].isSigner',
    ]);
    const selfProgram = instruction({ programAddress: wallets.solana.address });
    expect(await refusedPaths(prepare(selfProgram))).toEqual(['intent.programAddress']);
  });

  it('refuses an instruction too large for one transaction at the data or the accounts', async () => {
    const { accounts, instruction, prepare } = await world();
    const bigData = [{ hex: 'ab'.repeat(1100) }];
    expect(await refusedPaths(prepare(instruction({ data: bigData })))).toEqual(['intent.data']);
    await expect(prepare(instruction({ data: [{ hex: 'ab'.repeat(900) }] }))).resolves.toBeDefined();
    const many = Array.from({ length: 40 }, () => ({
      address: newSolanaAddress(),
      isSigner: false,
      isWritable: true,
    }));
    const manyAccounts = instruction({ accounts: [...accounts, ...many], data: [] });
    const { fields } = await refusal(prepare(manyAccounts));
    expect(fields).toEqual([
      {
        path: 'intent.accounts',
        message: expect.stringMatching(/over Solana's 1232-byte limit even without/),
      },
    ]);
  });

  it('refuses a wallet that cannot pay the fee', async () => {
    const { instruction, prepare } = await world({ funded: false });
    expect(await refusal(prepare(instruction()))).toMatchObject({ status: 400, code: 'INSUFFICIENT_FUNDS' });
  });
});
