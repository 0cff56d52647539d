import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { isUuid, uuidV5 } from './ids';

/** RFC 4122 §4.3, byte by byte: the reference the hex-digit version is checked against. */
function referenceV5(name: string, namespace: string): string {
  const digest = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  digest[6] = (digest[6] & 0x0f) | 0x50;
  digest[8] = (digest[8] & 0x3f) | 0x80;
  const hex = digest.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('uuidV5', () => {
  it('gives the well-known id of www.example.com in the DNS namespace', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('is RFC 4122 version 5 for any name and namespace', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.uuid(), (name, namespace) => {
        const id = uuidV5(name, namespace);
        expect(id).toBe(referenceV5(name, namespace));
        expect(isUuid(id)).toBe(true);
        expect(id[14]).toBe('5');
        expect('89ab').toContain(id[19]);
      }),
      { numRuns: 1000 },
    );
  });
});
