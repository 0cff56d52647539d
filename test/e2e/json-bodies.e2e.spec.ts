import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { bearer, startTestApp, type TestApp } from '../support/test-app';

/**
 * How JSON bodies are read before any route: UTF-8 only, nesting bounded, prototype keys named at
 * their fields, an empty body as none. The default body limit (64 KiB): nesting deep enough to
 * exhaust a stack fits in it.
 */
describe('JSON bodies', () => {
  let t: TestApp;
  let token: string;
  let walletId: number;
  beforeAll(async () => {
    t = await startTestApp();
    const user = await t.signUp();
    token = user.token;
    walletId = user.wallets[0].id;
  });
  afterAll(() => t.close());

  const raw = (url: string, body: string): InjectOptions => ({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: body,
  });

  it('answers who may call first: no valid token is 401, a view on a write 403, whatever the body', async () => {
    const send = (url: string, body: string, headers: Record<string, string>) =>
      t.request({ method: 'POST', url, headers, payload: body });
    const json = { 'content-type': 'application/json' };
    const text = { 'content-type': 'text/plain' };
    const unreadable = [
      [json, '{bad'],
      [json, '{"__proto__":{}}'],
      [json, `${'['.repeat(40)}${']'.repeat(40)}`],
      [text, 'x'],
    ] as const;
    for (const [type, body] of unreadable) {
      for (const auth of [{}, { authorization: 'Bearer garbage' }] as Record<string, string>[]) {
        const res = await send('/v1/operations', body, { ...type, ...auth });
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHENTICATED');
      }
      const admin = await send('/v1/sandbox/clock', body, type);
      expect(admin.statusCode).toBe(401);
    }
    const view = (await t.request({ ...raw('/v1/auth/tokens', '{"view":"support-readonly"}') })).json().token;
    const refused = await send('/v1/wallets/refresh', '{bad', { ...json, ...bearer(view) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PERMIT_REQUIRED');
    // With a token, the body's own error; on a public route, at once.
    expect((await send('/v1/operations', '{bad', { ...json, ...bearer(token) })).json().error.code).toBe(
      'MALFORMED_JSON',
    );
    const wrongType = await send('/v1/operations', 'x', { ...text, ...bearer(token) });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await send('/v1/auth/signup', '{bad', json)).json().error.code).toBe('MALFORMED_JSON');
  });

  it('refuses a body nested deeper than 32 levels as such, however deep, and reads one within them', async () => {
    const nested = (depth: number, open = '{"a":', close = '}') =>
      `${open.repeat(depth)}1${close.repeat(depth)}`;
    const before = await t.head();
    for (const [url, body] of [
      ['/v1/auth/signup', `{"username":"deep_1","x":${nested(3000)}}`],
      ['/v1/auth/signup', `{"username":"deep_1","x":${nested(30_000, '[', ']')}}`],
      ['/v1/operations', `{"idempotencyKey":"${randomUUID()}","operation":${nested(10_000)}}`],
      ['/v1/operations', `{"operation":${nested(32)}}`],
      ['/v1/wallets/refresh', `{"__proto__":${nested(6000)}}`],
    ]) {
      const res = await t.request(raw(url, body));
      expect({ url, status: res.statusCode, error: res.json().error }).toEqual({
        url,
        status: 400,
        error: {
          code: 'VALIDATION_FAILED',
          message: expect.any(String),
          fields: [{ path: 'body', message: 'must not nest objects and arrays deeper than 32 levels' }],
        },
      });
    }
    // At 31 levels inside the body's own object (32 in all), the body is read and its fields checked.
    const within = await t.request(raw('/v1/auth/signup', `{"username":"deep_2","x":${nested(31)}}`));
    expect(within.json().error.fields).toEqual([{ path: 'x', message: 'is not an allowed property' }]);
    expect(await t.head()).toBe(before);
  });

  it('refuses a body that is not UTF-8 as MALFORMED_JSON, changing nothing', async () => {
    const before = await t.head();
    for (const bytes of [
      Buffer.from('{"name":"Caf\xe9 two"}', 'latin1'),
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    ]) {
      const res = await t.request({
        method: 'POST',
        url: `/v1/wallets/${walletId}/rename`,
        headers: { ...bearer(token), 'content-type': 'application/json; charset=iso-8859-1' },
        payload: bytes,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'MALFORMED_JSON', message: 'the body is not valid UTF-8' });
    }
    expect(await t.head()).toBe(before);
  });

  it('names malformed JSON MALFORMED_JSON', async () => {
    const res = await t.request(raw('/v1/operations', '{"idempotencyKey": '));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'MALFORMED_JSON', message: expect.any(String) });
  });

  it('names a "__proto__" or "constructor.prototype" key of valid JSON at its field, not malformed JSON', async () => {
    const before = await t.head();
    const cases: [string, string[]][] = [
      [`{"idempotencyKey":"${randomUUID()}","__proto__":{"a":1}}`, ['__proto__']],
      [
        `{"operation":{"sendIntent":{"__proto__":{"amount":"1"}},"items":[{},{"constructor":{"prototype":{}}}]}}`,
        ['operation.sendIntent.__proto__', 'operation.items[1].constructor.prototype'],
      ],
    ];
    for (const [body, paths] of cases) {
      const res = await t.request(raw('/v1/operations', body));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: paths.map((path) => ({ path, message: 'is not an allowed property' })),
      });
    }
    expect(await t.head()).toBe(before);
  });

  it('refuses a JSON null body as not an object, as [] or "x" are: it is a body, not the lack of one', async () => {
    const before = await t.head();
    for (const url of ['/v1/wallets/refresh', '/v1/auth/tokens', `/v1/operations/${randomUUID()}/discard`]) {
      const res = await t.request(raw(url, 'null'));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual([{ path: 'body', message: 'must be a JSON object' }]);
    }
    expect(await t.head()).toBe(before);
  });

  it('refuses a content-encoded body with 415, whether it is compressed or only labelled so', async () => {
    const before = await t.head();
    for (const [coding, payload] of [
      ['gzip', gzipSync(JSON.stringify({ name: 'zipped' }))],
      ['br', JSON.stringify({ name: 'labelled' })],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: `/v1/wallets/${walletId}/rename`,
        headers: { ...bearer(token), 'content-type': 'application/json', 'content-encoding': coding },
        payload,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await t.head()).toBe(before);
  });

  it('reads an empty body with a JSON content type as no body', async () => {
    const before = await t.head();
    const create = await t.request(raw('/v1/operations', ''));
    expect(create.statusCode).toBe(400);
    expect(create.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await t.head()).toBe(before);
    // Body-less endpoints answer as they do without the content type.
    const approve = await t.request(raw(`/v1/operations/${randomUUID()}/approve`, ''));
    expect(approve.statusCode).toBe(404);
    expect((await t.request(raw('/v1/wallets/refresh', ''))).statusCode).toBe(202);
  });
});
