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

  it('rejects a cursor whose place was edited, whatever it was changed to', () => {
    const cursor = encodeCursor(list, '2026-11-22T21:09:20.664Z', 'op-1');
    const [, , , check] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    const edited = (value: unknown, id: unknown = 'op-1') =>
      Buffer.from(JSON.stringify([list, value, id, check])).toString('base64url');
    for (const value of [true, 'notadate', 12345, null, '', '2026-11-22T21:09:20.665Z'])
      expect(() => decodeCursor(edited(value), list)).toThrow(InvalidCursorError);
    expect(() => decodeCursor(edited('2026-11-22T21:09:20.664Z', 'op-2'), list)).toThrow(InvalidCursorError);
    expect(decodeCursor(edited('2026-11-22T21:09:20.664Z'), list)).toEqual({
      value: '2026-11-22T21:09:20.664Z',
      id: 'op-1',
    });
    // A cursor of the earlier format, with no check, is refused like any other it did not write.
    const unchecked = Buffer.from(JSON.stringify([list, '2026-11-22T21:09:20.664Z', 'op-1'])).toString(
      'base64url',
    );
    expect(() => decodeCursor(unchecked, list)).toThrow(InvalidCursorError);
  });
});
