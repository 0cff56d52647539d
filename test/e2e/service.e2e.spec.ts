import { connect, type AddressInfo } from 'node:net';
import { bearer, startTestApp, type TestApp } from '../support/test-app';

describe('operations of the service itself', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('echoes a caller request id and generates one otherwise', async () => {
    const echoed = await t.request({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(echoed.headers['x-request-id']).toBe('trace-123');
    const generated = await t.request({ method: 'GET', url: '/health/live' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await t.request({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'a b\u0001' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets nothing keep an answer, or guess its media type, errors included', async () => {
    for (const url of ['/health/live', '/v1/wallets/list']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("answers what Node's HTTP parser refuses with the error body and a request id, and closes", async () => {
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    /** Sends raw bytes and reads everything until the server closes the connection. */
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = connect(port, '127.0.0.1', () => socket.end(request));
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
        socket.on('error', reject);
      });
    for (const [request, status, code] of [
      ['GET /health/live HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400, 'MALFORMED_REQUEST'],
      [
        `GET /health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'HEADERS_TOO_LARGE',
      ],
      [
        'POST /v1/auth/signup HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        400,
        'MALFORMED_REQUEST',
      ],
      // Two refusals Node would answer itself, with no body: HTTP/1.1 without Host, an unknown Expect.
      ['GET /health/live HTTP/1.1\r\n\r\n', 400, 'MALFORMED_REQUEST'],
      ['GET /health/live HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n\r\n', 417, 'EXPECTATION_FAILED'],
    ] as const) {
      const answer = await raw(request);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      const requestId = /\r\nX-Request-Id: ([0-9a-f-]{36})/i.exec(head)?.[1];
      // The headers every answer carries, these included.
      expect(head).toMatch(/\r\nCache-Control: no-store\r\n/i);
      expect(head).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
      expect(JSON.parse(body)).toEqual({ error: { code, message: expect.any(String) }, requestId });
      // Logged like every answer, one line with its request id.
      expect(t.logs.filter((line) => line.includes(requestId!))).toHaveLength(1);
    }
    // A request line past the header limit is a URI too long, not headers too large; the caller's
    // request id is kept when the refused bytes carry a safe one.
    for (const [request, status, code, id] of [
      [`GET /health/live?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'URI_TOO_LONG', null],
      [
        `GET /health/live?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nX-Request-Id: long-line.1\r\n\r\n`,
        414,
        'URI_TOO_LONG',
        'long-line.1',
      ],
      [
        `GET /health/live HTTP/1.1\r\nHost: x\r\nX-Request-Id: big-headers:2\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'HEADERS_TOO_LARGE',
        'big-headers:2',
      ],
      // Not a safe id, or two of them: a fresh one, as on every other route.
      [
        `GET /health/live HTTP/1.1\r\nHost: x\r\nX-Request-Id: a b\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'HEADERS_TOO_LARGE',
        null,
      ],
      [
        'GET /health/live HTTP/1.1\r\nHost: x\r\nX-Request-Id: one\r\nX-Request-Id: two\r\nBad Header\r\n\r\n',
        400,
        'MALFORMED_REQUEST',
        null,
      ],
    ] as const) {
      const [head, body] = (await raw(request)).split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      const requestId = /\r\nX-Request-Id: ([^\r]*)/i.exec(head)?.[1];
      expect(requestId).toMatch(id === null ? /^[0-9a-f-]{36}$/ : new RegExp(`^${id}$`));
      expect(JSON.parse(body)).toEqual({ error: { code, message: expect.any(String) }, requestId });
    }
    // So is what Fastify refuses before routing; both count in the latency metric.
    const badUrl = await t.request({ method: 'GET', url: '/v1/operations/%' });
    expect(badUrl.statusCode).toBe(400);
    expect(t.logs.filter((line) => line.includes(badUrl.json().requestId))).toHaveLength(1);
    const metrics = (await t.request({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/http_request_duration_seconds_count\{[^}]*route="unparsed",status="431"\} 3/);
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="unmatched",status="400"\} 1/,
    );
  });

  it('reports liveness and readiness', async () => {
    expect((await t.request({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.request({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { eventStore: true, readStore: true },
      projections: { running: true, failure: null },
      processManagers: {
        running: true,
        failure: null,
        managers: [{ name: 'balance-observer' }, { name: 'operation-executor' }],
      },
    });
    expect(ready.json().projections.projections.map((p: { name: string }) => p.name)).toEqual([
      'wallets@v3',
      'walletBalances@v1',
      'feed@v10',
      'operations@v3',
      'operationActivity@v7',
    ]);
  });

  it('exposes Prometheus metrics including request latency and projection lag', async () => {
    await t.request({ method: 'GET', url: '/health/live' });
    const { token } = await t.signUp();
    await t.request({
      method: 'POST',
      url: '/v1/wallets',
      headers: bearer(token),
      payload: { family: 'evm', name: 'Dup' },
    });
    await t.request({
      method: 'POST',
      url: '/v1/wallets',
      headers: bearer(token),
      payload: { family: 'evm', name: 'dup' },
    });
    const res = await t.request({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toMatch(/projection_lag \d+/);
    expect(res.body).toContain('projection_checkpoint{projection="feed@v10"}');
    expect(res.body).toMatch(/commands_total\{command="POST \/v1\/wallets",outcome="ok"\} [1-9]/);
    expect(res.body).toMatch(/commands_total\{command="POST \/v1\/wallets",outcome="NAME_TAKEN"\} [1-9]/);
  });

  it('never writes a bearer token, a masterKey or a speech token to the logs', async () => {
    const { token } = await t.signUp();
    await t.request({
      method: 'POST',
      url: '/v1/wallets',
      headers: bearer(token),
      payload: { family: 'evm', masterKey: 'mk-secret-1' },
    });
    await t.request({ method: 'GET', url: '/v1/wallets/list?token=tk-secret-2', headers: bearer(token) });
    await t.request({
      method: 'GET',
      url: '/v1/wallets/list',
      headers: { authorization: 'Bearer forged.token.value' },
    });
    const logs = t.logs.join('');
    expect(logs).toContain('"route"');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('mk-secret-1');
    expect(logs).not.toContain('tk-secret-2');
    expect(logs).not.toContain('forged.token.value');
  });

  it('lets a client read its own writes: X-Event-Position on commands, minPosition on reads', async () => {
    const { token } = await t.signUp();
    const created = await t.request({
      method: 'POST',
      url: '/v1/wallets',
      headers: bearer(token),
      payload: { family: 'solana' },
    });
    const position = created.headers['x-event-position'] as string;
    expect(position).toMatch(/^\d+$/);
    const list = await t.request({
      method: 'GET',
      url: `/v1/wallets/list?minPosition=${position}`,
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(200);
    expect(BigInt(list.headers['x-event-position'] as string)).toBeGreaterThanOrEqual(BigInt(position));
    expect(list.json().map((w: { id: number }) => w.id)).toContain(created.json().id);
  });

  it('serves signup only while AUTH_DEV_SIGNUP is on', async () => {
    const closed = await startTestApp({ env: { AUTH_DEV_SIGNUP: 'false' } });
    try {
      const res = await closed.request({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { username: 'nobody_here' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect(await closed.head()).toBe('empty');
    } finally {
      await closed.close();
    }
  });
});
