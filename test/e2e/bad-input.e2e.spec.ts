import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { bearer, startTestApp, type TestApp } from '../support/test-app';

/**
 * Every endpoint, driven with malformed, unknown, mistyped, oversize and mis-addressed input:
 * each answers a 4xx with the error body, and the event store gains nothing.
 */
const ADMIN = 'bad-input-admin-token';

describe('bad input is refused and records nothing', () => {
  let t: TestApp;
  let token: string;
  let walletId: number;
  beforeAll(async () => {
    t = await startTestApp({ env: { BODY_LIMIT_BYTES: '4096', SANDBOX_ADMIN_TOKEN: ADMIN } });
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
  const admin = (url: string, payload: object): InjectOptions => ({
    method: 'POST',
    url,
    headers: { 'x-sandbox-admin': ADMIN },
    payload,
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
      'signup: a key named like an object member',
      () => raw('/v1/auth/signup', '{"username":"okname_9","constructor":1}', 'application/json', false),
      400,
    ],
    ['create wallet: a "toString" key', () => raw('/v1/wallets', '{"family":"evm","toString":"x"}'), 400],
    ['tokens: a "hasOwnProperty" key', () => raw('/v1/auth/tokens', '{"hasOwnProperty":true}'), 400],
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
    ...['.0', 'e0', '%20'].map((suffix): [string, () => InjectOptions, number] => [
      `rename: the id followed by "${suffix}"`,
      () => json('POST', `/v1/wallets/${walletId}${suffix}/rename`, { name: 'x' }),
      400,
    ]),
    ...['0', '+', '%20'].map((prefix): [string, () => InjectOptions, number] => [
      `archive: the id after "${prefix}"`,
      () => json('POST', `/v1/wallets/${prefix}${walletId}/archive`),
      400,
    ]),
    ['archive: id in hex', () => json('POST', `/v1/wallets/0x${walletId.toString(16)}/archive`), 400],
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
    ...['__proto__', 'constructor', 'toString', 'hasOwnProperty'].map(
      (name): [string, () => InjectOptions, number] => [
        `list: a parameter named "${name}"`,
        () => json('GET', `/v1/operations?${name}=x`),
        400,
      ],
    ),
    [
      'feed: a parameter named "constructor"',
      () => json('GET', '/v1/activity/feed?constructor=x', undefined, false),
      400,
    ],
    ['list: bad minPosition', () => json('GET', '/v1/wallets/list?minPosition=tomorrow'), 400],
    ['proposed name: unknown family', () => json('GET', '/v1/wallets/proposedName?family=btc'), 400],
    ['proposed name: missing family', () => json('GET', '/v1/wallets/proposedName'), 400],
    ['feed: unknown scope', () => json('GET', '/v1/activity/feed?scope=everyone', undefined, false), 400],
    ['refresh: wallet id as string', () => json('POST', '/v1/wallets/refresh', { walletId: '1' }), 400],
    ['refresh: wallet id zero', () => json('POST', '/v1/wallets/refresh', { walletId: 0 }), 400],
    ['refresh: unknown property', () => json('POST', '/v1/wallets/refresh', { all: true }), 400],
    ['refresh: malformed JSON', () => raw('/v1/wallets/refresh', '{"walletId":'), 400],
    ['refresh: oversize', () => raw('/v1/wallets/refresh', huge), 413],
    ['deposit wallet: missing controller', () => json('POST', '/v1/predict/deposit-wallets', {}), 400],
    [
      'deposit wallet: key not a UUID',
      () =>
        json('POST', '/v1/predict/deposit-wallets', {
          controllerWalletId: walletId,
          idempotencyKey: 'retry-1',
        }),
      400,
    ],
    [
      'deposit wallet: unknown property',
      () => json('POST', '/v1/predict/deposit-wallets', { controllerWalletId: walletId, name: 'x' }),
      400,
    ],
    ['deposit wallet: malformed JSON', () => raw('/v1/predict/deposit-wallets', '[1,'), 400],
    ['deposit wallet: oversize', () => raw('/v1/predict/deposit-wallets', huge), 413],
    [
      'faucet: amount as number',
      () => json('POST', '/v1/sandbox/faucet', { walletId, network: 'base', token: null, amount: 1 }),
      400,
    ],
    [
      'faucet: exponent amount',
      () => json('POST', '/v1/sandbox/faucet', { walletId, network: 'base', token: null, amount: '1e3' }),
      400,
    ],
    [
      'faucet: missing token',
      () => json('POST', '/v1/sandbox/faucet', { walletId, network: 'base', amount: '1' }),
      400,
    ],
    [
      'faucet: unknown property',
      () =>
        json('POST', '/v1/sandbox/faucet', {
          walletId,
          network: 'base',
          token: null,
          amount: '1',
          memo: 'x',
        }),
      400,
    ],
    ['faucet: malformed JSON', () => raw('/v1/sandbox/faucet', '{"walletId"}'), 400],
    [
      'admin price: bad usd',
      () => admin('/v1/sandbox/prices', { network: 'base', asset: 'native', usd: '-3' }),
      400,
    ],
    [
      'admin price: expire false',
      () => admin('/v1/sandbox/prices', { network: 'base', asset: 'native', expire: false }),
      400,
    ],
    [
      'admin price: unknown asset',
      () => admin('/v1/sandbox/prices', { network: 'base', asset: 'DOGE', usd: '1' }),
      400,
    ],
    [
      'admin faults: unknown mode',
      () => admin('/v1/sandbox/faults', { target: 'submission', mode: 'explode', count: 1 }),
      400,
    ],
    [
      'admin faults: zero count',
      () => admin('/v1/sandbox/faults', { target: 'quote', mode: 'fail', count: 0 }),
      400,
    ],
    ['admin clock: negative', () => admin('/v1/sandbox/clock', { advanceSeconds: -5 }), 400],
    ['admin clock: fractional', () => admin('/v1/sandbox/clock', { advanceSeconds: 1.5 }), 400],
    [
      'admin clock: unknown property',
      () => admin('/v1/sandbox/clock', { advanceSeconds: 1, rewind: true }),
      400,
    ],
    ['admin resolve: unknown market', () => admin('/v1/sandbox/markets/none/resolve', { outcome: 'x' }), 404],
    ['admin resolve: missing outcome', () => admin('/v1/sandbox/markets/none/resolve', {}), 400],
    ['explorer: not a hash', () => json('GET', '/v1/sandbox/explorer/tx/zzz', undefined, false), 400],
    ['unknown route', () => json('GET', '/v1/nothing-here'), 404],
    ['operations list: walletId 1e1', () => json('GET', '/v1/operations?walletId=1e1'), 400],
    ['operations list: walletId 14.0', () => json('GET', '/v1/operations?walletId=14.0'), 400],
    [
      'operations list: walletId past 2^53',
      () => json('GET', '/v1/operations?walletId=9007199254740993'),
      400,
    ],
    ['operations list: limit 0x10', () => json('GET', '/v1/operations?limit=0x10'), 400],
    ['operations list: limit " 5"', () => json('GET', '/v1/operations?limit=%205'), 400],
    ['operation id: 101 characters', () => json('GET', `/v1/operations/${'a'.repeat(101)}/events`), 400],
    ['path segment: past any id', () => json('POST', `/v1/operations/${'a'.repeat(1001)}/approve`), 414],
    ['path: bad percent-encoding', () => json('GET', '/v1/operations/%'), 400],
    ['path: truncated percent-encoding', () => json('POST', '/v1/operations/%E0%A4%A/approve'), 400],
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

  it('words a Shape A walletId that is not an id as every other wallet id field does', async () => {
    for (const bad of ['14', 0, 1.5, null]) {
      const res = await t.request(
        json('POST', '/v1/operations', {
          idempotencyKey: randomUUID(),
          operation: { kind: 'send', walletId: bad, sendIntent: {} },
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toContainEqual({
        path: 'operation.walletId',
        message: 'must be a wallet id (a positive integer)',
      });
    }
    // A missing one is required, as every missing field is, beside the request's other problems.
    const missing = await t.request(
      json('POST', '/v1/operations', {
        idempotencyKey: randomUUID(),
        operation: { kind: 'send', sendIntent: {} },
      }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual(
      expect.arrayContaining([
        { path: 'operation.walletId', message: 'is required' },
        { path: 'operation.sendIntent.amount', message: 'is required' },
      ]),
    );
    // An id that is not the caller's says so.
    const stranger = await t.request(
      json('POST', '/v1/operations', {
        idempotencyKey: randomUUID(),
        operation: { kind: 'send', walletId: 9999, sendIntent: {} },
      }),
    );
    expect(stranger.json().error.fields).toEqual([
      { path: 'operation.walletId', message: 'must be one of your wallets' },
    ]);
  });

  it('words every wallet id field, integer range and missing field with one message', async () => {
    const fields = async (options: InjectOptions): Promise<unknown> => {
      const res = await t.request(options);
      expect(res.statusCode).toBe(400);
      return res.json().error.fields;
    };
    const walletIdMessage = 'must be a wallet id (a positive integer)';
    for (const bad of ['1', 0, 1.5, null]) {
      // An optional field is left out, never null: a null walletId had refreshed every wallet.
      expect(await fields(json('POST', '/v1/wallets/refresh', { walletId: bad }))).toEqual([
        { path: 'walletId', message: walletIdMessage },
      ]);
      expect(
        await fields(
          json('POST', '/v1/sandbox/faucet', { walletId: bad, network: 'base', token: null, amount: '1' }),
        ),
      ).toEqual([{ path: 'walletId', message: walletIdMessage }]);
      expect(await fields(json('POST', '/v1/predict/deposit-wallets', { controllerWalletId: bad }))).toEqual([
        { path: 'controllerWalletId', message: walletIdMessage },
      ]);
    }
    expect(await fields(json('POST', '/v1/wallets/x.1/rename', { name: 'x' }))).toEqual([
      { path: 'id', message: walletIdMessage },
    ]);
    for (const bad of ['05', '0x1', '1.0', '0'])
      expect(await fields(json('GET', `/v1/operations?walletId=${bad}`))).toEqual([
        { path: 'walletId', message: walletIdMessage },
      ]);
    expect(await fields(json('POST', '/v1/auth/tokens', { ttlSeconds: '600' }))).toEqual([
      { path: 'ttlSeconds', message: 'must be an integer from 60 to 43200' },
    ]);
    expect(
      await fields(json('POST', '/v1/sandbox/faucet', { walletId, network: 'base', amount: '1' })),
    ).toEqual([{ path: 'token', message: 'is required' }]);
    expect(await fields(json('POST', '/v1/predict/deposit-wallets', {}))).toEqual([
      { path: 'controllerWalletId', message: 'is required' },
    ]);
  });

  it('refuses null for an optional body field, as for any value its schema does not take, with one message', async () => {
    const refused = async (options: InjectOptions): Promise<unknown> => {
      const before = await t.head();
      const res = await t.request(options);
      expect(res.statusCode).toBe(400);
      expect(await t.head()).toBe(before);
      return res.json().error.fields;
    };
    expect(await refused(json('POST', '/v1/wallets', { family: 'evm', name: null }))).toEqual([
      { path: 'name', message: 'must be a string' },
    ]);
    expect(
      await refused(
        json('POST', '/v1/predict/deposit-wallets', { controllerWalletId: walletId, idempotencyKey: null }),
      ),
    ).toEqual([{ path: 'idempotencyKey', message: 'must be a UUID' }]);
    expect(await refused(json('POST', '/v1/auth/tokens', { ttlSeconds: null }))).toEqual([
      { path: 'ttlSeconds', message: 'must be an integer from 60 to 43200' },
    ]);
    expect(
      await refused(
        admin('/v1/sandbox/faults', { target: 'quote', mode: 'fail', count: 1, landAfterSeconds: null }),
      ),
    ).toEqual([{ path: 'landAfterSeconds', message: 'must be an integer from 0 to 86400' }]);
    // A value of the wrong type is named by its type alone, not by every rule it also breaks.
    expect(await refused(json('POST', `/v1/wallets/${walletId}/rename`, { name: 5 }))).toEqual([
      { path: 'name', message: 'must be a string' },
    ]);
    expect(await refused(json('POST', '/v1/auth/tokens', { permits: 'account.write' }))).toEqual([
      { path: 'permits', message: 'must be an array' },
    ]);
  });
});
