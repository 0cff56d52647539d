import { EventEmitter } from 'node:events';
import { ignoreClosedOutput } from './closed-output';

describe('the CLI when its reader goes away', () => {
  it('drops EPIPE on either output (the command ends with its own code), and lets any other write error through', () => {
    const [stdout, stderr] = [new EventEmitter(), new EventEmitter()];
    ignoreClosedOutput([stdout, stderr]);
    const failure = (code: string) => Object.assign(new Error(`write ${code}`), { code });
    expect(() => stdout.emit('error', failure('EPIPE'))).not.toThrow();
    expect(() => stderr.emit('error', failure('EPIPE'))).not.toThrow();
    expect(() => stdout.emit('error', failure('ENOSPC'))).toThrow('write ENOSPC');
  });
});
