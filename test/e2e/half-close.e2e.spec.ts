import { type AddressInfo, connect } from 'node:net';
import { startTestApp } from '../support/test-app';

/**
 * A client that half-closes its side of the connection once its request is sent (legal in
 * HTTP/1.1) still gets the answer of what its request did: a command runs, so its answer must not
 * be dropped.
 */
describe('a request sent by a client that then half-closes, over a real socket', () => {
  it('is answered after its command ran, and the connection then ends', async () => {
    const t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const { token } = await t.signUp();
    const body = JSON.stringify({ family: 'evm', name: 'Half closed' });
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // Ended by the server once it answered, or after a while by the test: never left hanging.
    const closed = new Promise<void>((resolve) => {
      const timer = setTimeout(() => socket.destroy(), 5000);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    socket.end(
      `POST /v1/wallets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await closed;
    await t.close();
    const answer = Buffer.concat(chunks).toString();
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toContain('"name":"Half closed"');
  });
});
