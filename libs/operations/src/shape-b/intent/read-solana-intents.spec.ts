import { readShapeBIntent } from './read-shape-b-intent';
import { intentProblems } from './testing/field-errors';

const program = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const system = '11111111111111111111111111111111';
const instruction = {
  type: 'solanaInstruction',
  walletId: 1,
  programAddress: program,
  accounts: [
    { address: mint, isSigner: false, isWritable: true },
    { address: system, isSigner: true, isWritable: false },
  ],
  data: [
    { anchor: 'transfer_checked' },
    { u8: '255' },
    { u16: '65535' },
    { u32: '0' },
    { u64: '18446744073709551615' },
    { u128: '340282366920938463463374607431768211455' },
    { address: mint },
    { utf8: 'héllo' },
    { hex: '0xDEADbeef' },
    { hex: '' },
  ],
};
const at = (index: number, part: object) => ({
  ...instruction,
  data: instruction.data.map((p, i) => (i === index ? part : p)),
});

describe('readShapeBIntent: solanaInstruction (rule 9)', () => {
  it('reads the program, ordered accounts and ordered data parts verbatim', () => {
    expect(readShapeBIntent(instruction)).toEqual(instruction);
    expect(readShapeBIntent({ ...instruction, accounts: [], data: [] })).toMatchObject({
      accounts: [],
      data: [],
    });
  });

  it('refuses integers that do not fit their width or are not canonical', () => {
    expect(intentProblems(at(1, { u8: '256' }))).toEqual({
      'intent.data[1].u8': expect.stringContaining('from 0 to 255'),
    });
    expect(intentProblems(at(2, { u16: '65536' }))).toHaveProperty(['intent.data[2].u16']);
    expect(intentProblems(at(4, { u64: '18446744073709551616' }))).toHaveProperty(['intent.data[4].u64']);
    expect(intentProblems(at(5, { u128: '340282366920938463463374607431768211456' }))).toHaveProperty([
      'intent.data[5].u128',
    ]);
    for (const bad of ['01', '-1', '1.0', '', 'ff'])
      expect(intentProblems(at(3, { u32: bad }))).toHaveProperty(['intent.data[3].u32']);
    expect(intentProblems(at(1, { u8: 7 }))).toEqual({ 'intent.data[1].u8': 'must be a string' });
  });

  it('refuses bad addresses, hex and anchor names, and malformed parts', () => {
    expect(intentProblems(at(6, { address: mint.toLowerCase() }))).toHaveProperty(['intent.data[6].address']);
    expect(intentProblems(at(8, { hex: '0xabc' }))).toHaveProperty(['intent.data[8].hex']);
    expect(intentProblems(at(8, { hex: 'xyz1' }))).toHaveProperty(['intent.data[8].hex']);
    for (const name of ['', '1st', 'has space', 'dash-ed'])
      expect(intentProblems(at(0, { anchor: name }))).toHaveProperty(['intent.data[0].anchor']);
    for (const part of [{ u8: '1', u16: '1' }, { i8: '1' }, {}, '1', null])
      expect(intentProblems(at(2, part as object))).toHaveProperty(['intent.data[2]']);
    expect(intentProblems({ ...instruction, data: { u8: '1' } })).toHaveProperty(['intent.data']);
  });

  it('refuses bad accounts by index, and more than 64 of them', () => {
    const accounts = [{ address: '0xabc', isSigner: 'yes', extra: 1 }];
    expect(intentProblems({ ...instruction, accounts })).toEqual({
      'intent.accounts[0].extra': 'is not an allowed property',
      'intent.accounts[0].address': expect.stringContaining('Solana address'),
      'intent.accounts[0].isSigner': 'must be true or false',
      'intent.accounts[0].isWritable': 'is required',
    });
    const many = Array.from({ length: 65 }, () => instruction.accounts[0]);
    expect(intentProblems({ ...instruction, accounts: many })).toEqual({
      'intent.accounts': 'must be an array of at most 64 items',
    });
    expect(readShapeBIntent({ ...instruction, accounts: many.slice(1) })).toMatchObject({
      type: 'solanaInstruction',
    });
  });

  it('requires every field and a Solana program address', () => {
    expect(
      intentProblems({ type: 'solanaInstruction', walletId: 1, programAddress: `0${program.slice(1)}` }),
    ).toEqual({
      'intent.programAddress': expect.stringContaining('Solana address'),
      'intent.accounts': 'is required',
      'intent.data': 'is required',
    });
  });
});

describe('readShapeBIntent: solanaTransaction', () => {
  const transaction = Buffer.from(Uint8Array.from({ length: 200 }, (_, i) => i)).toString('base64');

  it('keeps the base64 transaction byte-for-byte', () => {
    expect(readShapeBIntent({ type: 'solanaTransaction', walletId: 1, transaction })).toEqual({
      type: 'solanaTransaction',
      walletId: 1,
      transaction,
    });
  });

  it('refuses empty, non-base64, unpadded, url-safe and oversized strings', () => {
    for (const bad of ['', 'abc', 'ab$=', 'AQID-_==', 'A'.repeat(2468), 42, undefined])
      expect(intentProblems({ type: 'solanaTransaction', walletId: 1, transaction: bad })).toHaveProperty([
        'intent.transaction',
      ]);
  });
});
