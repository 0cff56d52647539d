import {
  BLOCKHASH_INTERVAL_MS,
  BLOCKHASH_LIFETIME_MS,
  blockhashValidForMs,
  recentBlockhash,
} from './solana-blockhash';

describe('sandbox Solana blockhashes', () => {
  const start = 1_000_000 * BLOCKHASH_INTERVAL_MS;

  it('issues one per 400 ms slot, each accepted until 90 s after its slot began', () => {
    const first = recentBlockhash('seed-a', start);
    expect(recentBlockhash('seed-a', start + BLOCKHASH_INTERVAL_MS - 1)).toEqual(first);
    const next = recentBlockhash('seed-a', start + BLOCKHASH_INTERVAL_MS);
    expect(next.blockhash).not.toBe(first.blockhash);
    expect(first.expiresMs).toBe(start + BLOCKHASH_LIFETIME_MS);

    expect(blockhashValidForMs('seed-a', first.blockhash, start)).toBe(BLOCKHASH_LIFETIME_MS);
    expect(blockhashValidForMs('seed-a', first.blockhash, start + 5_000)).toBe(BLOCKHASH_LIFETIME_MS - 5_000);
    expect(blockhashValidForMs('seed-a', first.blockhash, start + BLOCKHASH_LIFETIME_MS - 1)).toBe(1);
    expect(blockhashValidForMs('seed-a', first.blockhash, start + BLOCKHASH_LIFETIME_MS)).toBe(0);
    expect(blockhashValidForMs('seed-a', next.blockhash, start + BLOCKHASH_LIFETIME_MS)).toBe(
      BLOCKHASH_INTERVAL_MS,
    );
  });

  it('knows every blockhash of the last 90 s, and none of another seed, of the future or never issued', () => {
    const now = start + 7 * BLOCKHASH_LIFETIME_MS;
    const slots = BLOCKHASH_LIFETIME_MS / BLOCKHASH_INTERVAL_MS;
    for (let back = 0; back < slots; back++) {
      const { blockhash } = recentBlockhash('seed-b', now - back * BLOCKHASH_INTERVAL_MS);
      expect(blockhashValidForMs('seed-b', blockhash, now)).toBeGreaterThan(0);
    }
    const expired = recentBlockhash('seed-b', now - slots * BLOCKHASH_INTERVAL_MS).blockhash;
    expect(blockhashValidForMs('seed-b', expired, now)).toBe(0);
    const future = recentBlockhash('seed-b', now + BLOCKHASH_INTERVAL_MS).blockhash;
    expect(blockhashValidForMs('seed-b', future, now)).toBe(0);
    expect(blockhashValidForMs('seed-c', recentBlockhash('seed-b', now).blockhash, now)).toBe(0);
    expect(blockhashValidForMs('seed-b', '11111111111111111111111111111111', now)).toBe(0);
    // Asked again after a jump ahead and a clock set back: the same answers.
    const earlier = recentBlockhash('seed-b', start).blockhash;
    expect(blockhashValidForMs('seed-b', earlier, start + 1)).toBe(BLOCKHASH_LIFETIME_MS - 1);
    expect(blockhashValidForMs('seed-b', future, now + BLOCKHASH_INTERVAL_MS)).toBe(BLOCKHASH_LIFETIME_MS);
  });
});
