import { type AddressInfo, connect } from 'node:net';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Requests pipelined on one connection (sent before the answers to the earlier ones): one that
 * may change something runs only after those before it were answered, and the ones after it wait
 * for its answer (RFC 9112 section 9.3.2), so a read behind a command sees what the command did.
 */
describe('pipelined requests, over a real socket', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Writes all `requests` at once, then reads until `count` answers have arrived. */
  const pipelined = (requests: string[], count: number) =>
    new Promise<{ status: number; body: string }[]>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(requests.join('')));
      let text = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`${count} answers did not arrive: ${text.slice(0, 500)}`));
      }, 5000);
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const answers = parse(text);
        if (answers.length < count) return;
        clearTimeout(timer);
        socket.destroy();
        resolve(answers);
      });
      socket.on('error', reject);
    });

  /** Writes all `requests` at once, then reads every answer until the server closes the connection. */
  const untilClosed = (requests: string[]) =>
    new Promise<{ status: number; body: string }[]>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(requests.join('')));
      let text = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`the connection was not closed: ${text.slice(0, 500)}`));
      }, 5000);
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(parse(text));
      });
      socket.on('error', () => undefined);
    });

  const get = (url: string, token: string) =>
    `GET ${url} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`;
  const post = (url: string, token: string, body: object) => {
    const json = JSON.stringify(body);
    return (
      `POST ${url} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`
    );
  };

  it('runs a read pipelined behind a command after the command was answered', async () => {
    const { token, wallets } = await t.signUp();
    const [created, listed, renamed, listedAgain] = await pipelined(
      [
        post('/v1/wallets', token, { family: 'evm', name: 'Pipelined' }),
        get('/v1/wallets/list', token),
        post(`/v1/wallets/${wallets[0].id}/rename`, token, { name: 'Renamed in line' }),
        get('/v1/wallets/list', token),
      ],
      4,
    );
    expect(created.status).toBe(201);
    const wallet = JSON.parse(created.body) as { id: number; name: string };
    expect(wallet.name).toBe('Pipelined');
    const names = (answer: { body: string }) =>
      (JSON.parse(answer.body) as { id: number; name: string }[]).map((w) => w.name);
    // Sent before the creation was answered, and still answered with the new wallet in the list.
    expect(listed.status).toBe(200);
    expect(names(listed)).toContain('Pipelined');
    expect(renamed.status).toBe(200);
    expect(names(listedAgain)).toContain('Renamed in line');
  });

  it('answers safe requests pipelined together, each in order', async () => {
    const { token } = await t.signUp();
    const answers = await pipelined(
      [get('/v1/wallets/list', token), get('/health/live', token), get('/v1/wallets/list', token)],
      3,
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1].body).toBe('{"status":"ok"}');
    expect(answers[0].body).toBe(answers[2].body);
  });
  it('answers the requests before bytes it cannot parse, then refuses those, and runs nothing after', async () => {
    const { token } = await t.signUp();
    const answers = await untilClosed([
      post('/v1/wallets', token, { family: 'evm', name: 'Before the refusal' }),
      post('/v1/wallets', token, { family: 'evm', name: 'Waiting before the refusal' }),
      'GET /health/live HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n',
    ]);
    // Both commands ran, each answered in its place, then the refusal (their answers had been lost,
    // and then the second was dropped with the refusal in its place).
    expect(answers.map((a) => a.status)).toEqual([201, 201, 400]);
    expect(answers.map((a) => (JSON.parse(a.body) as { name?: string }).name)).toEqual([
      'Before the refusal',
      'Waiting before the refusal',
      undefined,
    ]);
    const names = await walletNames(token);
    expect(names).toContain('Before the refusal');
    expect(names).toContain('Waiting before the refusal');
  });

  it('runs no request pipelined behind an answer that closes the connection', async () => {
    const { token } = await t.signUp();
    const answers = await untilClosed([
      post('/v1/wallets', token, { family: 'evm', name: 'First' }),
      post('/v1/wallets', token, { family: 'evm', name: 'Expecting' }).replace(
        '\r\n\r\n',
        '\r\nExpect: foo\r\n\r\n',
      ),
      post('/v1/wallets', token, { family: 'evm', name: 'Behind the close' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 417]);
    const names = await walletNames(token);
    expect(names).toContain('First');
    expect(names).not.toContain('Behind the close');
    // The same behind a request that asks to close.
    const closing = await untilClosed([
      get('/v1/wallets/list', token).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'),
      post('/v1/wallets', token, { family: 'evm', name: 'After Connection close' }),
    ]);
    expect(closing.map((a) => a.status)).toEqual([200]);
    expect(await walletNames(token)).not.toContain('After Connection close');
  });

  /** The names of the caller's wallets, read once the projections passed every write so far. */
  async function walletNames(token: string): Promise<string[]> {
    const res = await t.request({
      method: 'GET',
      url: `/v1/wallets/list?minPosition=${await t.head()}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return (res.json() as { name: string }[]).map((w) => w.name);
  }
});

/** The complete answers in `text` (Content-Length framed, as the service sends them). */
function parse(text: string): { status: number; body: string }[] {
  const answers: { status: number; body: string }[] = [];
  let rest = Buffer.from(text);
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) return answers;
    const head = rest.subarray(0, end).toString();
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (rest.length < end + 4 + length) return answers;
    answers.push({
      status: Number(head.slice(9, 12)),
      body: rest.subarray(end + 4, end + 4 + length).toString(),
    });
    rest = rest.subarray(end + 4 + length);
  }
}
