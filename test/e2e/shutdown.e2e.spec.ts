import { type AddressInfo, connect } from 'node:net';
import { startTestApp } from '../support/test-app';

/**
 * A request that arrives on an open connection once the service has begun to close (keep-alive,
 * pipelined) is refused with the error body and a request id, like every error, not with
 * Fastify's own 503 body; the request in flight when the close began is answered as usual.
 */
describe('a closing service, over a real socket', () => {
  it('answers what is in flight, and refuses what arrives after with 503 SHUTTING_DOWN', async () => {
    const t = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '1000' } });
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // The first waits (up to 1 s) for a position nobody reaches, so the connection is busy (not idle)
    // when the close begins; the second arrives on it after that.
    socket.write('GET /v1/sandbox/tokens?minPosition=999999999 HTTP/1.1\r\nHost: x\r\n\r\n');
    await pause(300);
    const closed = t.app.close();
    await pause(100);
    socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\nX-Request-Id: after-close\r\n\r\n');
    await ended;
    await closed;
    const answers = Buffer.concat(chunks)
      .toString()
      .split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]).toMatch(/\r\nx-request-id: after-close\r\n/i);
    expect(JSON.parse(answers[1].split('\r\n\r\n')[1])).toEqual({
      error: { code: 'SHUTTING_DOWN', message: expect.any(String) },
      requestId: 'after-close',
    });
  });

  it('closes a keep-alive connection once its request in flight is answered, not after its timeout', async () => {
    const t = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '500' } });
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now())));
    socket.write(
      'GET /v1/sandbox/tokens?minPosition=999999999 HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    await t.app.close();
    const closedAt = await ended;
    expect(Buffer.concat(chunks).toString()).toMatch(/^HTTP\/1\.1 200 /);
    // The answer came after about 300 ms more; the connection and the server closed right after it.
    expect(closedAt - started).toBeLessThan(3000);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
