import { EventEmitter } from 'node:events';
import { endQuietlyWhenClosed } from './closed-output';

describe('the CLI when its reader goes away', () => {
  it('exits 0 on EPIPE from either output, and lets any other write error through', () => {
    const [stdout, stderr] = [new EventEmitter(), new EventEmitter()];
    const exit = jest.fn();
    endQuietlyWhenClosed([stdout, stderr], exit);
    const failure = (code: string) => Object.assign(new Error(`write ${code}`), { code });
    stdout.emit('error', failure('EPIPE'));
    stderr.emit('error', failure('EPIPE'));
    expect(exit.mock.calls).toEqual([[0], [0]]);
    expect(() => stdout.emit('error', failure('ENOSPC'))).toThrow('write ENOSPC');
    expect(exit).toHaveBeenCalledTimes(2);
  });
});
