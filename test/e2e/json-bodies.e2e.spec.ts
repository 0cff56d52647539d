import { randomUUID } from 'node:crypto';
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
