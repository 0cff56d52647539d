import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteCheckpointStore } from './sqlite-checkpoints';

describe('SqliteCheckpointStore', () => {
  it('keeps checkpoints across reopening', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vetted-checkpoints-'));
    const file = path.join(dir, 'nested', 'process-managers.sqlite');
    const first = new SqliteCheckpointStore(file);
    expect(await first.get('balances')).toBeNull();
    await first.put('balances', '10');
    await first.put('balances', '12');
    await first.put('executor', '3/2');
    first.close();
    const second = new SqliteCheckpointStore(file);
    expect(await second.get('balances')).toBe('12');
    expect(await second.get('executor')).toBe('3/2');
    second.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
