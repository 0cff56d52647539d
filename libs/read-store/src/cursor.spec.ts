import { decodeCursor, encodeCursor, listOf } from './cursor';
import { InvalidCursorError } from './read-store';

describe('cursor', () => {
  const list = listOf('operations', 'createdAt');

  it.each([
    [0, 'a'],
    [-1.5, 'id with spaces'],
    ['00000000000000000012.00000000000000000012', 'op-1'],
    [null, 'x'],
    ['ünïcödé ✓', '🦀'],
  ])('round-trips (%p, %p) through URL-safe text', (value, id) => {
    const cursor = encodeCursor(list, value, id);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, list)).toEqual({ value, id });
  });

  it.each([
    '',
    'not a cursor',
    'W10',
    'WzEsMl0',
    encodeCursor(list, 1, 'x') + '=',
    encodeCursor(list, 1, 'x').slice(0, -1),
  ])('rejects %p', (text) => {
    expect(() => decodeCursor(text, list)).toThrow(InvalidCursorError);
  });

  it("rejects another list's cursor: another collection, another order, or the same place without a list", () => {
    for (const other of [
      encodeCursor(listOf('feed', 'createdAt'), 1, 'x'),
      encodeCursor(listOf('operations', 'updatedAt'), 1, 'x'),
      Buffer.from(JSON.stringify([1, 'x'])).toString('base64url'),
    ])
      expect(() => decodeCursor(other, list)).toThrow(InvalidCursorError);
  });
});
