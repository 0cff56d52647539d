import { RecentMap } from './recent-map';

describe('RecentMap', () => {
  it('returns what was set, the latest value of a key, and forgets deleted keys', () => {
    const map = new RecentMap<string, number>(3);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10);
    expect(map.get('a')).toBe(10);
    expect(map.get('b')).toBe(2);
    map.delete('a');
    expect(map.get('a')).toBeUndefined();
    map.clear();
    expect(map.get('b')).toBeUndefined();
  });

  it('keeps at least the `capacity` most recently used keys, whatever came before them', () => {
    const capacity = 100;
    for (const total of [1, 99, 100, 101, 150, 199, 200, 201, 1_234]) {
      const map = new RecentMap<number, number>(capacity);
      for (let n = 0; n < total; n++) map.set(n, n * 2);
      for (let n = Math.max(0, total - capacity); n < total; n++) expect(map.get(n)).toBe(n * 2);
    }
  });

  it('holds at most twice the capacity: old keys in no use are dropped', () => {
    const map = new RecentMap<number, string>(10);
    for (let n = 0; n < 100; n++) map.set(n, `v${n}`);
    const kept = Array.from({ length: 100 }, (_, n) => n).filter((n) => map.get(n) !== undefined);
    expect(kept.length).toBeGreaterThanOrEqual(10);
    expect(kept.length).toBeLessThanOrEqual(20);
    expect(kept).toContain(99);
    expect(map.get(0)).toBeUndefined();
  });

  it('never forgets a key that is read while others stream past', () => {
    const map = new RecentMap<string, number>(50);
    map.set('hot', 1);
    for (let n = 0; n < 5_000; n++) {
      map.set(`cold-${n}`, n);
      if (n % 40 === 0) expect(map.get('hot')).toBe(1);
    }
    expect(map.get('hot')).toBe(1);
  });

  it('does not take the value of a key updated after it aged into the previous generation', () => {
    const map = new RecentMap<string, number>(2);
    map.set('k', 1);
    map.set('x', 0); // 'k' and 'x' are now the previous generation
    map.set('k', 2);
    expect(map.get('k')).toBe(2);
    map.set('y', 0); // the generation holding k=2 ages; the one holding k=1 is dropped
    expect(map.get('k')).toBe(2);
  });

  it('keeps null values (a known absence) apart from missing keys', () => {
    const map = new RecentMap<string, number | null>(4);
    map.set('none', null);
    expect(map.get('none')).toBeNull();
    expect(map.get('missing')).toBeUndefined();
  });

  it('refuses a capacity below one', () => {
    expect(() => new RecentMap(0)).toThrow(RangeError);
    expect(() => new RecentMap(1.5)).toThrow(RangeError);
  });
});
