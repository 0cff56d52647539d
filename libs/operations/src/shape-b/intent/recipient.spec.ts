import { FieldProblems } from '../../preparation/field-problems';
import { EVM_CHECKSUM_MESSAGE, SOLANA_ADDRESS_MESSAGE, readRecipientAddress } from './recipient';
import { problemsOf } from './testing/field-errors';

const vitalik = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const solana = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const read = (value: unknown, family: 'evm' | 'solana' | 'either' = 'evm') =>
  readRecipientAddress(value, 'intent.to', new FieldProblems(), family);
const problems = (value: unknown, family: 'evm' | 'solana' | 'either' = 'evm') =>
  problemsOf((p) => readRecipientAddress(value, 'intent.to', p, family));

describe('readRecipientAddress', () => {
  it('checksums an all-lowercase or all-uppercase EVM address and keeps a correct checksum', () => {
    expect(read(vitalik.toLowerCase())).toBe(vitalik);
    expect(read(`0x${vitalik.slice(2).toUpperCase()}`)).toBe(vitalik);
    expect(read(vitalik)).toBe(vitalik);
  });

  it('refuses a wrong mixed-case checksum, never correcting it', () => {
    const wrong = vitalik.replace('dA6', 'Da6');
    expect(problems(wrong)).toEqual({ 'intent.to': EVM_CHECKSUM_MESSAGE });
    expect(EVM_CHECKSUM_MESSAGE).toContain('checksum');
  });

  it('refuses what is not an EVM address', () => {
    for (const bad of ['0x1234', vitalik.slice(2), `${vitalik}00`, solana, 42, ''])
      expect(problems(bad)).toHaveProperty(['intent.to']);
    expect(problems(undefined)).toEqual({ 'intent.to': 'is required' });
  });

  it('keeps a Solana address verbatim, case-sensitive', () => {
    expect(read(solana, 'solana')).toBe(solana);
    expect(problems(solana.toLowerCase(), 'solana')).toEqual({ 'intent.to': SOLANA_ADDRESS_MESSAGE });
    expect(problems(vitalik, 'solana')).toEqual({ 'intent.to': SOLANA_ADDRESS_MESSAGE });
  });

  it('takes either form when the network is unknown', () => {
    expect(read(solana, 'either')).toBe(solana);
    expect(read(vitalik.toLowerCase(), 'either')).toBe(vitalik);
    expect(problems('nope', 'either')).toHaveProperty(['intent.to']);
  });
});
