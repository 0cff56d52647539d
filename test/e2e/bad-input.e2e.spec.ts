import type { InjectOptions } from 'fastify';
import { bearer, startTestApp, type TestApp } from '../support/test-app';

/**
 * Every endpoint, driven with malformed, unknown, mistyped, oversize and mis-addressed input:
 * each answers a 4xx with the error body, and the event store gains nothing.
 */
describe('bad input is refused and records nothing', () => {
  let t: TestApp;
  let token: string;
  let walletId: number;
  beforeAll(async () => {
    t = await startTestApp({ env: { BODY_LIMIT_BYTES: '4096' } });
    const user = await t.signUp();
    token = user.token;
    walletId = user.wallets[0].id;
  });
  afterAll(() => t.close());

  const json = (method: 'POST' | 'GET', url: string, payload?: unknown, auth = true): InjectOptions => ({
    method,
    url,
    headers: auth ? bearer(token) : {},
    payload: payload as InjectOptions['payload'],
  });
  const raw = (url: string, body: string, contentType = 'application/json', auth = true): InjectOptions => ({
    method: 'POST',
    url,
    headers: { ...(auth ? bearer(token) : {}), 'content-type': contentType },
    payload: body,
  });
  const huge = JSON.stringify({ name: 'x'.repeat(10_000) });

  const cases: [string, () => InjectOptions, number][] = [
    ['signup: malformed JSON', () => raw('/v1/auth/signup', '{"username": ', 'application/json', false), 400],
    [
      'signup: unknown property',
      () => json('POST', '/v1/auth/signup', { username: 'okname_1', admin: true }, false),
      400,
    ],
    ['signup: wrong type', () => json('POST', '/v1/auth/signup', { username: 12345 }, false), 400],
    [
      'signup: array body',
      () => raw('/v1/auth/signup', '[{"username":"okname_2"}]', 'application/json', false),
      400,
    ],
    ['signup: missing field', () => json('POST', '/v1/auth/signup', {}, false), 400],
    ['signup: oversize body', () => raw('/v1/auth/signup', huge, 'application/json', false), 413],
    ['signup: not JSON', () => raw('/v1/auth/signup', 'username=okname_3', 'text/plain', false), 415],
    [
      'signup: form encoded',
      () => raw('/v1/auth/signup', 'username=okname_4', 'application/x-www-form-urlencoded', false),
      415,
    ],
    ['tokens: permits not an array', () => json('POST', '/v1/auth/tokens', { permits: 'write' }), 400],
    ['tokens: unknown permit', () => json('POST', '/v1/auth/tokens', { permits: ['root'] }), 400],
    ['tokens: ttl as string', () => json('POST', '/v1/auth/tokens', { ttlSeconds: '600' }), 400],
    ['tokens: unknown view', () => json('POST', '/v1/auth/tokens', { view: 'admin' }), 400],
    ['create wallet: unknown family', () => json('POST', '/v1/wallets', { family: 'bitcoin' }), 400],
    ['create wallet: name not a string', () => json('POST', '/v1/wallets', { family: 'evm', name: 7 }), 400],
    [
      'create wallet: unknown property',
      () => json('POST', '/v1/wallets', { family: 'evm', color: 'red' }),
      400,
    ],
    ['create wallet: malformed JSON', () => raw('/v1/wallets', '{family:evm}'), 400],
    ['create wallet: oversize', () => raw('/v1/wallets', huge), 413],
    ['create wallet: null body', () => raw('/v1/wallets', 'null'), 400],
    ['rename: id not a number', () => json('POST', '/v1/wallets/abc/rename', { name: 'x' }), 400],
    ['rename: id zero', () => json('POST', '/v1/wallets/0/rename', { name: 'x' }), 400],
    ['rename: negative id', () => json('POST', '/v1/wallets/-1/rename', { name: 'x' }), 400],
    ['rename: fractional id', () => json('POST', '/v1/wallets/1.5/rename', { name: 'x' }), 400],
    ['rename: huge id', () => json('POST', '/v1/wallets/99999999999999999999/rename', { name: 'x' }), 400],
    ['rename: missing name', () => json('POST', `/v1/wallets/${walletId}/rename`, {}), 400],
    ['rename: name wrong type', () => json('POST', `/v1/wallets/${walletId}/rename`, { name: ['a'] }), 400],
    [
      'rename: unknown property',
      () => json('POST', `/v1/wallets/${walletId}/rename`, { name: 'ok', x: 1 }),
      400,
    ],
    ['rename: oversize', () => raw(`/v1/wallets/${walletId}/rename`, huge), 413],
    ['archive: bad id', () => json('POST', '/v1/wallets/x/archive'), 400],
    [
      'archive: unknown body property',
      () => json('POST', `/v1/wallets/${walletId}/archive`, { force: true }),
      400,
    ],
    ['archive: malformed JSON', () => raw(`/v1/wallets/${walletId}/archive`, '{'), 400],
    ['list: bad archived flag', () => json('GET', '/v1/wallets/list?archived=yes'), 400],
    ['list: unknown parameter', () => json('GET', '/v1/wallets/list?owner=someone'), 400],
    ['list: bad minPosition', () => json('GET', '/v1/wallets/list?minPosition=tomorrow'), 400],
    ['proposed name: unknown family', () => json('GET', '/v1/wallets/proposedName?family=btc'), 400],
    ['proposed name: missing family', () => json('GET', '/v1/wallets/proposedName'), 400],
    ['feed: unknown scope', () => json('GET', '/v1/activity/feed?scope=everyone', undefined, false), 400],
    ['unknown route', () => json('GET', '/v1/nothing-here'), 404],
  ];

  it.each(cases)('%s', async (_name, build, status) => {
    const before = await t.head();
    const res = await t.request(build());
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body).toEqual({
      error: expect.objectContaining({
        code: expect.stringMatching(/^[A-Z_]+$/),
        message: expect.any(String),
      }),
      requestId: res.headers['x-request-id'],
    });
    if (body.error.code === 'VALIDATION_FAILED') expect(body.error.fields.length).toBeGreaterThan(0);
    expect(await t.head()).toBe(before);
  });
});
