import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { base58Encode } from '@vetted/kernel';
import { type DataPart, anchorDiscriminator, encodeInstructionData } from './instruction-data';

const hex = (parts: DataPart[]) => Buffer.from(encodeInstructionData(parts)).toString('hex');

describe('encodeInstructionData', () => {
  it('encodes unsigned integers little-endian at their width', () => {
    expect(hex([{ u8: '0' }])).toBe('00');
    expect(hex([{ u8: '255' }])).toBe('ff');
    expect(hex([{ u16: '258' }])).toBe('0201');
    expect(hex([{ u32: '16909060' }])).toBe('04030201');
    expect(hex([{ u64: '1' }])).toBe('0100000000000000');
    expect(hex([{ u64: '18446744073709551615' }])).toBe('ff'.repeat(8));
    expect(hex([{ u128: (2n ** 128n - 1n).toString() }])).toBe('ff'.repeat(16));
    expect(hex([{ u128: (2n ** 127n).toString() }])).toBe('00'.repeat(15) + '80');
  });

  it('round-trips any integer of each width without precision loss', () => {
    const widths = [
      ['u8', 1],
      ['u16', 2],
      ['u32', 4],
      ['u64', 8],
      ['u128', 16],
    ] as const;
    for (const [kind, width] of widths) {
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: (1n << BigInt(8 * width)) - 1n }), (n) => {
          const bytes = encodeInstructionData([{ [kind]: n.toString() } as DataPart]);
          expect(bytes.length).toBe(width);
          expect(BigInt('0x' + (Buffer.from(bytes).reverse().toString('hex') || '0'))).toBe(n);
        }),
      );
    }
  });

  it('computes the Anchor discriminator as sha256("global:<name>")[0..8]', () => {
    const expected = createHash('sha256').update('global:initialize').digest().subarray(0, 8).toString('hex');
    expect(expected).toBe('afaf6d1f0d989bed');
    expect(hex([{ anchor: 'initialize' }])).toBe(expected);
    expect(Buffer.from(anchorDiscriminator('initialize')).toString('hex')).toBe(expected);
  });

  it('encodes an address as its 32 decoded bytes', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i);
    expect(hex([{ address: base58Encode(bytes) }])).toBe(Buffer.from(bytes).toString('hex'));
    expect(hex([{ address: '11111111111111111111111111111111' }])).toBe('00'.repeat(32));
  });

  it('encodes utf8 as the raw UTF-8 bytes with no length prefix', () => {
    expect(hex([{ utf8: 'héllo' }])).toBe(Buffer.from('héllo', 'utf8').toString('hex'));
    expect(hex([{ utf8: '' }])).toBe('');
  });

  it('encodes hex with or without 0x, in any case', () => {
    expect(hex([{ hex: '0xDEad' }])).toBe('dead');
    expect(hex([{ hex: 'beef' }])).toBe('beef');
    expect(hex([{ hex: '' }])).toBe('');
    expect(hex([{ hex: '0x' }])).toBe('');
  });

  it('concatenates the parts in order', () => {
    expect(hex([{ anchor: 'initialize' }, { u16: '258' }, { hex: 'ff' }, { utf8: 'a' }])).toBe(
      'afaf6d1f0d989bed' + '0201' + 'ff' + '61',
    );
    expect(encodeInstructionData([])).toEqual(new Uint8Array(0));
  });

  it.each<DataPart>([
    { u8: '256' },
    { u16: '65536' },
    { u64: '18446744073709551616' },
    { u32: '01' },
    { u32: '-1' },
    { u32: '1.5' },
    { u32: '' },
    { hex: 'abc' },
    { hex: 'zz' },
    { address: 'not-an-address' },
    { address: '1111' },
  ])('refuses a value the validator should have caught: %j', (part) => {
    expect(() => encodeInstructionData([part])).toThrow(RangeError);
  });
});
