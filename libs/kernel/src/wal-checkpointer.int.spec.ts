import { transformSync } from '@swc/core';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WalCheckpointer } from './wal-checkpointer';

const driver = require.resolve('better-sqlite3');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WalCheckpointer', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A WAL database whose own connection never checkpoints, with `rows` rows of 1 KB committed. */
  function writer(file: string, rows: number): Database.Database {
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    for (let i = 0; i < rows; i++) insert.run('x'.repeat(1000));
    return db;
  }

  it('copies the WAL into the database file off the writing thread, and stops on close', async () => {
    const file = join(dir, 'db.sqlite');
    const db = writer(file, 500);
    try {
      // Everything is still in the WAL: the database file holds no more than its first pages.
      expect(statSync(file).size).toBeLessThan(64 * 1024);
      const checkpointer = new WalCheckpointer(file, { driver, everyMs: 5 });
      for (let i = 0; i < 200 && statSync(file).size < 500 * 1000; i++) await sleep(10);
      expect(statSync(file).size).toBeGreaterThan(500 * 1000);
      await checkpointer.close();
      await checkpointer.close();

      // Closed: later commits stay in the WAL.
      const before = statSync(file).size;
      const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
      for (let i = 0; i < 200; i++) insert.run('y'.repeat(1000));
      await sleep(50);
      expect(statSync(file).size).toBe(before);
      expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(700);
    } finally {
      db.close();
    }
  });

  it('lets the writing connection restart the WAL once everything is copied', async () => {
    const file = join(dir, 'db.sqlite');
    const db = writer(file, 300);
    const checkpointer = new WalCheckpointer(file, { driver, everyMs: 5 });
    try {
      const wal = `${file}-wal`;
      const grown = statSync(wal).size;
      for (let i = 0; i < 200 && statSync(file).size < 300 * 1000; i++) await sleep(10);
      await checkpointer.close();
      // The next commit starts the WAL over instead of appending to it: the file stops growing.
      const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
      for (let i = 0; i < 100; i++) insert.run('z'.repeat(1000));
      expect(statSync(wal).size).toBe(grown);
    } finally {
      await checkpointer.close();
      db.close();
    }
  });

  it('has the writing connection catch up, so the WAL restarts while commits never stop', async () => {
    const file = join(dir, 'db.sqlite');
    const wal = `${file}-wal`;
    const db = writer(file, 1);
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    let catchUps = 0;
    const checkpointer = new WalCheckpointer(file, {
      driver,
      everyMs: 10,
      catchUp: () => {
        catchUps++;
        db.pragma('wal_checkpoint(PASSIVE)');
      },
    });
    // Commits in every turn of the event loop, so the worker never finds the WAL idle.
    let commits = 1;
    const write = async (until: () => boolean) => {
      while (!until()) {
        for (let j = 0; j < 20; j++) insert.run('w'.repeat(100));
        commits += 20;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    try {
      const started = performance.now();
      await write(() => catchUps > 0 || performance.now() - started > 10_000);
      expect(catchUps).toBeGreaterThan(0);
      // Each commit appends a 4 KiB frame: without restarts 10,000 more would add 40 MB. Under the
      // whole suite's load the worker restarts the WAL later (12.7 MB once): under half still
      // shows it restarting.
      const before = statSync(wal).size;
      const target = commits + 10_000;
      await write(() => commits >= target);
      expect(statSync(wal).size - before).toBeLessThan(10_000 * 2048);
      expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(commits);
    } finally {
      await checkpointer.close();
      db.close();
    }
  });

  /** The nice values of this process's threads (Linux), by thread id. */
  function niceness(): Map<string, number> {
    const out = new Map<string, number>();
    for (const tid of readdirSync('/proc/self/task')) {
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(tid, Number(fields[16]));
    }
    return out;
  }

  (existsSync('/proc/thread-self') ? it : it.skip)(
    'runs its worker at a lower priority than the event loop',
    async () => {
      const file = join(dir, 'db.sqlite');
      writer(file, 1).close();
      const before = niceness();
      const checkpointer = new WalCheckpointer(file, { driver, everyMs: 1000 });
      try {
        let lowered: number[] = [];
        for (let i = 0; i < 200 && lowered.length === 0; i++) {
          await sleep(10);
          lowered = [...niceness()]
            .filter(([tid, nice]) => !before.has(tid) && nice === 10)
            .map(([, nice]) => nice);
        }
        expect(lowered).toEqual([10]);
        expect(niceness().get(String(process.pid))).toBe(before.get(String(process.pid)));
      } finally {
        await checkpointer.close();
      }
    },
  );

  it('keeps the process alive until its worker has exited, while close is awaited', () => {
    // The class compiled alone, run by a plain node process with nothing else to keep it alive.
    const { code } = transformSync(readFileSync(join(__dirname, 'wal-checkpointer.ts'), 'utf8'), {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    const compiled = join(dir, 'wal-checkpointer.js');
    writeFileSync(compiled, code);
    const file = join(dir, 'db.sqlite');
    writer(file, 10).close();
    const script = `
      const { WalCheckpointer } = require(${JSON.stringify(compiled)});
      const checkpointer = new WalCheckpointer(${JSON.stringify(file)}, { driver: ${JSON.stringify(driver)}, everyMs: 5 });
      checkpointer.close().then(() => console.log('closed'));
    `;
    const output = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(output.trim()).toBe('closed');
  });

  it('refuses a period that is not a positive integer', () => {
    for (const everyMs of [0, -5, 2.5, Number.NaN])
      expect(() => new WalCheckpointer(join(dir, 'db.sqlite'), { driver, everyMs })).toThrow(RangeError);
  });

  it('closes at once when its worker could not start', async () => {
    const checkpointer = new WalCheckpointer(join(dir, 'missing.sqlite'), { driver, everyMs: 5 });
    await expect(checkpointer.close()).resolves.toBeUndefined();
  });
});
