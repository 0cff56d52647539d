import { parseArgs } from 'node:util';
import { loadConfig } from '@vetted/kernel';
import { exitCodeOf } from './exit-code';

describe('the CLI exit code of an error', () => {
  const thrown = (run: () => unknown): unknown => {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error('nothing was thrown');
  };

  it('is 64 for a usage error, 78 for a bad configuration, 1 otherwise', () => {
    const options = { projection: { type: 'string' as const } };
    expect(exitCodeOf(thrown(() => parseArgs({ args: ['--bogus'], options })))).toBe(64);
    expect(exitCodeOf(thrown(() => parseArgs({ args: ['--projection'], options })))).toBe(64);
    expect(exitCodeOf(thrown(() => loadConfig({ EVENT_STORE: 'foo' })))).toBe(78);
    expect(exitCodeOf(new Error('disk on fire'))).toBe(1);
  });
});
