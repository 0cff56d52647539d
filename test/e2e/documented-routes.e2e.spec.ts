import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { bearer, startTestApp, type TestApp } from '../support/test-app';

/**
 * What a route takes, read from the OpenAPI document: the query parameters it lists (any other is
 * refused, after authentication), and the methods its path has (any other is 405 with Allow).
 */
describe('routes take what they document', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = (await t.signUp()).token;
  });
  afterAll(() => t.close());

  const json = (method: 'POST' | 'GET', url: string, payload?: unknown, auth = true): InjectOptions => ({
    method,
    url,
    headers: auth ? bearer(token) : {},
    payload: payload as InjectOptions['payload'],
  });

  it('refuses a query parameter its route does not document, on every route, after authentication', async () => {
    const refusedAt = async (options: InjectOptions, path: string) => {
      const before = await t.head();
      const res = await t.request(options);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual([{ path, message: 'is not an allowed property' }]);
      expect(await t.head()).toBe(before);
    };
    // A POST that reads no query had ignored it: this one refreshed every wallet.
    await refusedAt(json('POST', '/v1/wallets/refresh?walletId=1', {}), 'walletId');
    await refusedAt(json('GET', `/v1/operations/${randomUUID()}?foo=1`), 'foo');
    await refusedAt(json('GET', '/v1/sandbox/markets?limit=1', undefined, false), 'limit');
    await refusedAt(json('GET', '/v1/sandbox/tokens?__proto__=1', undefined, false), '__proto__');
    // minPosition is for GETs under /v1: elsewhere it is refused rather than waited on.
    await refusedAt(json('GET', '/health/live?minPosition=99999', undefined, false), 'minPosition');
    await refusedAt(json('GET', '/metrics?minPosition=1', undefined, false), 'minPosition');
    // Who may call is answered first; documented parameters pass.
    expect((await t.request(json('POST', '/v1/wallets/refresh?walletId=1', {}, false))).statusCode).toBe(401);
    expect((await t.request(json('GET', '/v1/operations?limit=1&minPosition=0'))).statusCode).toBe(200);
    expect((await t.request({ method: 'HEAD', url: '/v1/sandbox/tokens?minPosition=0' })).statusCode).toBe(
      200,
    );
  });

  it('waits for minPosition only once the caller is authenticated and its query names checked', async () => {
    const head = await t.head();
    const future = String(BigInt(head) + 1_000_000n);
    // No token, or a bad one: 401 at once, whatever minPosition says, and no position; the feed's
    // scope=mine, whose token is optional elsewhere, too.
    for (const url of [
      `/v1/wallets/list?minPosition=${future}`,
      '/v1/wallets/list?minPosition=abc',
      `/v1/activity/feed?scope=mine&minPosition=${future}`,
      '/v1/activity/feed?scope=mine&minPosition=abc&foo=1',
    ]) {
      for (const headers of [{}, bearer('not-a-token')]) {
        const started = Date.now();
        const res = await t.request({ method: 'GET', url, headers });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
        expect(Date.now() - started).toBeLessThan(1000);
        expect(res.headers['x-event-position']).toBeUndefined();
      }
    }
    // Authenticated: a parameter the route does not take is 400 at once, before any wait.
    const started = Date.now();
    const unknown = await t.request(json('GET', `/v1/operations?minPosition=${future}&foo=1`));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual([{ path: 'foo', message: 'is not an allowed property' }]);
    expect(Date.now() - started).toBeLessThan(1000);
    // And a minPosition that is no position is 400 at its name.
    const bad = await t.request(json('GET', '/v1/wallets/list?minPosition=abc'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([{ path: 'minPosition', message: expect.any(String) }]);
    // A position already passed answers at once, naming where the read models stand.
    const passed = await t.request(json('GET', `/v1/wallets/list?minPosition=${head}`));
    expect(passed.statusCode).toBe(200);
    expect(BigInt(passed.headers['x-event-position'] as string)).toBeGreaterThanOrEqual(BigInt(head));
  });

  it('answers a method a documented path does not take with 405 and Allow, and an unknown path with 404', async () => {
    const cases: [InjectOptions['method'], string, string][] = [
      ['PUT', '/v1/wallets/list', 'GET, HEAD'],
      ['GET', `/v1/operations/${randomUUID()}/approve`, 'POST'],
      ['DELETE', '/v1/operations?limit=1', 'GET, HEAD, POST'],
      ['OPTIONS', '/v1/operations', 'GET, HEAD, POST'],
      ['PATCH', '/health/live', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const before = await t.head();
      const res = await t.request({ method, url, headers: bearer(token) });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.json().error).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
      expect(await t.head()).toBe(before);
    }
    const unknown = await t.request(json('GET', '/v1/nothing-here'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
  });
});
