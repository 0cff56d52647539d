import type { Socket } from 'node:net';
import { admitInOrder, answeredInOrder } from './pipelined-requests';

describe('the order of pipelined requests on one connection', () => {
  /** Admits `methods` in order on one connection; returns which have started, by index. */
  function line(methods: string[]) {
    const socket = {} as Socket;
    const started: number[] = [];
    methods.forEach((method, i) => admitInOrder(socket, method, () => started.push(i)));
    return { started, answer: () => answeredInOrder(socket) };
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
      answeredInOrder(socket);
    }
  });
});
