import type { Socket } from 'node:net';
import { admitInOrder, answeredInOrder, closeLine, finishLine } from './pipelined-requests';

describe('the order of pipelined requests on one connection', () => {
  /** Admits `methods` in order on one connection; returns which have started, by index. */
  function line(methods: string[]) {
    const socket = {} as Socket;
    const started: number[] = [];
    methods.forEach((method, i) => admitInOrder(socket, method, () => started.push(i)));
    return { started, answer: () => answeredInOrder(socket, true) };
  }

  it('runs safe requests together', () => {
    expect(line(['GET', 'HEAD', 'GET']).started).toEqual([0, 1, 2]);
  });

  it('holds everything behind a request that may change something until it is answered', () => {
    const { started, answer } = line(['POST', 'GET', 'GET', 'POST', 'GET']);
    expect(started).toEqual([0]);
    answer();
    // The two reads behind the first command run together; the second command waits for both.
    expect(started).toEqual([0, 1, 2]);
    answer();
    expect(started).toEqual([0, 1, 2]);
    answer();
    expect(started).toEqual([0, 1, 2, 3]);
    answer();
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('starts a command only once the reads before it were answered', () => {
    const { started, answer } = line(['GET', 'GET', 'DELETE', 'GET']);
    expect(started).toEqual([0, 1]);
    answer();
    expect(started).toEqual([0, 1]);
    answer();
    expect(started).toEqual([0, 1, 2]);
    answer();
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('lets a connection with one request at a time never wait', () => {
    const socket = {} as Socket;
    for (const method of ['POST', 'GET', 'POST']) {
      let ran = false;
      admitInOrder(socket, method, () => (ran = true));
      expect(ran).toBe(true);
      answeredInOrder(socket, true);
    }
  });

  it('answers what was parsed before bytes it refused, in order, and refuses them after the last', () => {
    const socket = {} as Socket;
    const started: string[] = [];
    for (const method of ['GET', 'POST', 'GET']) admitInOrder(socket, method, () => started.push(method));
    expect(started).toEqual(['GET']);
    const refused: string[] = [];
    // The parser stopped: the requests before run in turn; the refusal comes once all are answered.
    finishLine(socket, () => refused.push('refusal'));
    finishLine(socket, () => refused.push('second refusal'));
    admitInOrder(socket, 'POST', () => started.push('late POST'));
    answeredInOrder(socket, true);
    expect(started).toEqual(['GET', 'POST']);
    answeredInOrder(socket, true);
    expect(started).toEqual(['GET', 'POST', 'GET']);
    expect(refused).toEqual([]);
    answeredInOrder(socket, true);
    expect(refused).toEqual(['refusal']);
    // With nothing running, at once.
    const idle = {} as Socket;
    finishLine(idle, () => refused.push('idle refusal'));
    expect(refused).toEqual(['refusal', 'idle refusal']);
  });

  it('starts nothing behind an answer that closes the connection, or after its client left', () => {
    const closing = {} as Socket;
    const started: string[] = [];
    for (const method of ['POST', 'POST']) admitInOrder(closing, method, () => started.push(method));
    answeredInOrder(closing, false);
    expect(started).toEqual(['POST']);
    // An answer Node gives itself (the 417) closes it too.
    const expecting = {} as Socket;
    admitInOrder(expecting, 'POST', () => started.push('before 417'));
    admitInOrder(expecting, 'POST', () => started.push('behind 417'));
    closeLine(expecting);
    answeredInOrder(expecting, true);
    expect(started).toEqual(['POST', 'before 417']);
    const gone = { destroyed: false } as Socket & { destroyed: boolean };
    for (const method of ['GET', 'POST']) admitInOrder(gone, method, () => started.push(`gone ${method}`));
    gone.destroyed = true;
    answeredInOrder(gone, true);
    expect(started).toEqual(['POST', 'before 417', 'gone GET']);
  });
});
