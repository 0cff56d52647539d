import Database from 'better-sqlite3';
import { sqliteStoreFixture } from '../testing/sqlite-store-fixture';
import { EVENTS_SCHEMA } from './event-rows';
import { StreamIndex } from './stream-index';

const { newFile } = sqliteStoreFixture();

function table(): {
  db: Database.Database;
  insert: (position: number, stream: string, revision: number) => void;
} {
  const db = new Database(newFile());
  db.exec(EVENTS_SCHEMA);
  const statement = db.prepare(
    "INSERT INTO events (position, stream_id, revision, id, type, body, created_at) VALUES (?, ?, ?, 'id', 'T', '{}', 'at')",
  );
  return { db, insert: (position, stream, revision) => statement.run(position, stream, revision) };
}

describe('StreamIndex', () => {
  it('indexes the table in position order, then what is committed after', () => {
    const { db, insert } = table();
    insert(1, 'a', 0);
    insert(2, 'b', 0);
    insert(3, 'a', 1);
    const index = new StreamIndex(db);
    expect([index.lastRevision('a'), index.lastRevision('b'), index.lastRevision('c')]).toEqual([1, 0, -1]);
    expect(index.positionsFrom('a', 0)).toEqual([1, 3]);
    expect(index.positionsFrom('a', 1)).toEqual([3]);
    expect(index.positionsFrom('b', 0)).toEqual([2]);
    expect(index.positionsFrom('b', 1)).toEqual([]);
    expect([index.last('a'), index.last('b'), index.last('c')]).toEqual([
      { revision: 1, position: 3 },
      { revision: 0, position: 2 },
      { revision: -1, position: 0 },
    ]);
    insert(4, 'b', 1);
    insert(5, 'c', 0);
    index.catchUp();
    expect(index.positionsFrom('b', 0)).toEqual([2, 4]);
    expect(index.lastRevision('c')).toBe(0);
    expect(index.size).toBe(3);
    db.close();
  });

  it('refuses rows that disagree with it: a revision skipped or repeated, a position not after the last', () => {
    const { db, insert } = table();
    insert(1, 'a', 0);
    const index = new StreamIndex(db);
    expect(() => index.add('a', 2, 2)).toThrow(/a revision 2 after 0/);
    expect(() => index.add('a', 0, 2)).toThrow(/a revision 0 after 0/);
    expect(() => index.add('b', 0, 1)).toThrow(/position 1 indexed after 1/);
    insert(2, 'z', 3);
    expect(() => index.catchUp()).toThrow(/z revision 3 after -1/);
    db.close();
  });
});
