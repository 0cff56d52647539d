import { decodeCursor, encodeCursor } from './cursor';
import { InvalidCursorError } from './read-store';

describe('cursor', () => {
  it.each([
    [0, 'a'],
    [-1.5, 'id with spaces'],
    ['00000000000000000012.00000000000000000012', 'op-1'],
    [null, 'x'],
    ['ünïcödé ✓', '🦀'],
  ])('round-trips (%p, %p) through URL-safe text', (value, id) => {
    const cursor = encodeCursor(value, id);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual({ value, id });
  });

  it.each([
    '',
    'not a cursor',
    'W10',
    'WzEsMl0',
    encodeCursor(1, 'x') + '=',
    encodeCursor(1, 'x').slice(0, -1),
  ])('rejects %p', (text) => {
    expect(() => decodeCursor(text)).toThrow(InvalidCursorError);
  });
});
