import Database from 'better-sqlite3';

/** Another process runs the sandbox on this file. */
export class SandboxFileInUse extends Error {
  constructor(readonly file: string) {
    super(
      `another process already runs the sandbox on ${file}; a sandbox file has one owner (its ledger, ` +
        'nonces and sequences are mirrored in memory): stop that process, or give this one its own DATA_DIR',
    );
    this.name = 'SandboxFileInUse';
  }
}

/**
 * This process's claim on a sandbox file, held until `release` or the process's end (a `kill -9`
 * included: the operating system drops the lock). It is an exclusive SQLite lock on `<file>-owner`,
 * taken by a write in `locking_mode=EXCLUSIVE` and kept for the connection's life; a second claim,
 * from another process or this one, fails at once with `SandboxFileInUse`.
 */
export class FileOwner {
  private constructor(private readonly db: Database.Database) {}

  static claim(file: string): FileOwner {
    const db = new Database(`${file}-owner`, { timeout: 0 });
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('CREATE TABLE IF NOT EXISTS owner (pid INTEGER NOT NULL)');
      db.transaction(() => {
        db.exec('DELETE FROM owner');
        db.prepare('INSERT INTO owner (pid) VALUES (?)').run(process.pid);
      })();
      return new FileOwner(db);
    } catch (error) {
      db.close();
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) throw new SandboxFileInUse(file);
      throw error;
    }
  }

  release(): void {
    this.db.close();
  }
}
