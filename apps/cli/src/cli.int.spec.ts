import { loadConfig } from '@vetted/kernel';
import { startTestApp } from '../../../test/support/test-app';
import { replay } from './replay';
import { stats } from './stats';

describe('cli', () => {
  it('reports events per type and replays a projection from $all', async () => {
    const t = await startTestApp();
    const dataDir = t.dataDir;
    await t.signUp();
    await t.signUp();
    await t.app.close();

    const out: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(await stats(config)).toBe(0);
      const text = out.join('\n');
      expect(text).toMatch(/events: 10\b/);
      expect(text).toMatch(/UserSignedUp\s+2/);
      expect(text).toMatch(/WalletCreated\s+4/);
      expect(text).toMatch(/NumberAllocated\s+4/);

      out.length = 0;
      expect(await replay(config, 'feed')).toBe(0);
      expect(out.join('\n')).toMatch(
        /replayed feed over 10 events of \$all: applied the 2 of its types, 2 documents/,
      );
      expect(await replay(config, 'nope')).toBe(64);
    } finally {
      log.mockRestore();
      stderr.mockRestore();
      error.mockRestore();
    }
  });
});
