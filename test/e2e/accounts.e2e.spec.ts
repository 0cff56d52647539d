import { PERMITS, TokenService, userIdForUsername } from '@vetted/accounts';
import {
  CONFIG,
  type Config,
  isSolanaAddress,
  parseEvmAddress,
  resolveAuthSecret,
  toChecksumAddress,
} from '@vetted/kernel';
import { bearer, startTestApp, type TestApp, uniqueName } from '../support/test-app';

describe('accounts and wallets over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.request({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload?: object) =>
    t.request({ method: 'POST', url, headers: bearer(token), payload });

  describe('signup', () => {
    it('creates the user, a token and the two signup wallets with real address formats', async () => {
      const username = uniqueName('Alice');
      const res = await t.request({ method: 'POST', url: '/v1/auth/signup', payload: { username } });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.user).toEqual({ id: expect.any(String), username });
      expect(typeof body.token).toBe('string');
      expect(
        body.wallets.map((w: { name: string; family: string; kind: string }) => [w.name, w.family, w.kind]),
      ).toEqual([
        ['Your EVM Wallet', 'evm', 'regular'],
        ['Your Solana Wallet', 'solana', 'regular'],
      ]);
      const [evm, solana] = body.wallets;
      expect(parseEvmAddress(evm.address)).toBe(evm.address);
      // EIP-55 form (which is all lowercase for about one address in 4,000: no test of mixed case).
      expect(evm.address).toBe(toChecksumAddress(evm.address.toLowerCase()));
      expect(isSolanaAddress(solana.address)).toBe(true);
      expect(evm).toMatchObject({ archived: false, balances: [], agentHoldings: [] });
      expect(res.headers['x-event-position']).toMatch(/^\d+$/);
    });

    it('refuses a username taken in any case with 409 USERNAME_TAKEN', async () => {
      const username = uniqueName('Bob');
      await t.signUp(username);
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { username: username.toUpperCase() },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('USERNAME_TAKEN');
    });

    it('accepts exactly one of many concurrent signups for one username', async () => {
      const username = uniqueName('race');
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.request({ method: 'POST', url: '/v1/auth/signup', payload: { username } }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(9);
    });

    it.each(['ab', 'x'.repeat(33), 'has space', 'dash-ed', 'émile'])(
      'rejects the username %j',
      async (username) => {
        const res = await t.request({ method: 'POST', url: '/v1/auth/signup', payload: { username } });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'username' }] });
      },
    );
  });

  describe('wallets', () => {
    it('lists active wallets, creates with proposed names, renames, archives', async () => {
      const { token } = await t.signUp();
      const list = await get('/v1/wallets/list', token);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((w: { name: string }) => w.name)).toEqual([
        'Your EVM Wallet',
        'Your Solana Wallet',
      ]);

      expect((await get('/v1/wallets/proposedName?family=evm', token)).json()).toEqual({ name: 'EVM 2' });
      expect((await get('/v1/wallets/proposedName?family=solana', token)).json()).toEqual({
        name: 'Solana 2',
      });

      const created = await post('/v1/wallets', token, { family: 'evm' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        name: 'EVM 2',
        family: 'evm',
        kind: 'regular',
        archived: false,
      });
      const evm2 = created.json().id;

      const named = await post('/v1/wallets', token, { family: 'solana', name: '  Trading  ' });
      expect(named.json().name).toBe('Trading');

      const renamed = await post(`/v1/wallets/${evm2}/rename`, token, { name: 'Savings' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ id: evm2, name: 'Savings' });

      const archived = await post(`/v1/wallets/${evm2}/archive`, token);
      expect(archived.statusCode).toBe(200);
      expect(archived.json()).toMatchObject({ id: evm2, archived: true });
      expect((await post(`/v1/wallets/${evm2}/archive`, token)).statusCode).toBe(200);

      const active = (await get('/v1/wallets/list', token)).json();
      expect(active.map((w: { name: string }) => w.name)).toEqual([
        'Your EVM Wallet',
        'Your Solana Wallet',
        'Trading',
      ]);
      const archivedList = (await get('/v1/wallets/list?archived=true', token)).json();
      expect(archivedList.map((w: { id: number }) => w.id)).toEqual([evm2]);

      // Archived wallets still count for proposals and still hold their names.
      expect((await get('/v1/wallets/proposedName?family=evm', token)).json()).toEqual({ name: 'EVM 3' });
      const clash = await post('/v1/wallets', token, { family: 'evm', name: 'SAVINGS' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error.code).toBe('NAME_TAKEN');
    });

    it('keeps names unique per user only', async () => {
      const a = await t.signUp();
      const b = await t.signUp();
      expect((await post('/v1/wallets', a.token, { family: 'evm', name: 'Shared' })).statusCode).toBe(201);
      expect((await post('/v1/wallets', b.token, { family: 'evm', name: 'shared' })).statusCode).toBe(201);
    });

    it('takes a wallet name of at most 64 characters as it reads: invisible characters alone are empty', async () => {
      const { token } = await t.signUp();
      const named = (name: string) => post('/v1/wallets', token, { family: 'evm', name });
      // Format characters, and every other default-ignorable one (variation selectors, the combining
      // grapheme joiner, Hangul fillers): each reads as nothing.
      for (const blank of [
        '\u200b',
        '\u00ad',
        ' \u202e ',
        '\u034f',
        '\ufe0f',
        '\u3164',
        '\u115f\uffa0',
        '\u17b4',
      ]) {
        const res = await named(blank);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toEqual([{ path: 'name', message: 'must not be empty' }]);
      }
      for (const long of ['b'.repeat(65), 'd'.repeat(201), '😀'.repeat(65)]) {
        const res = await named(long);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toEqual([{ path: 'name', message: 'must be at most 64 characters' }]);
      }
      // 64 characters, counted as JSON Schema counts them (an emoji is one).
      expect((await named('😀'.repeat(64))).statusCode).toBe(201);
      const refusal = async (name: string) => (await named(name)).json().error.fields;
      // Invisible characters cannot pass the deposit-wallet prefix, nor make a taken name look new.
      expect(await refusal('Predict\u034f - x')).toEqual([
        { path: 'name', message: expect.stringContaining('must not begin with "Predict - "') },
      ]);
      expect((await named('Taken')).statusCode).toBe(201);
      for (const same of ['Tak\ufe0fen', 'Taken\u3164'])
        expect((await named(same)).json().error.code).toBe('NAME_TAKEN');
      // C1 controls are controls; a lone surrogate is no character at all.
      expect(await refusal('x\u009fy')).toEqual([
        { path: 'name', message: 'must not contain control characters' },
      ]);
      expect(await refusal('a\ud800')).toEqual([
        { path: 'name', message: 'must not contain a lone surrogate (half of a UTF-16 pair)' },
      ]);
    });

    it('refuses names with the deposit-wallet prefix, empty names and taken names on rename', async () => {
      const { token, wallets } = await t.signUp();
      const [evm] = wallets;
      for (const name of ['Predict - Main', 'PREDICT - x', '   ']) {
        const res = await post(`/v1/wallets/${evm.id}/rename`, token, { name });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields[0].path).toBe('name');
      }
      const taken = await post(`/v1/wallets/${evm.id}/rename`, token, { name: 'your solana wallet' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('NAME_TAKEN');
    });

    it("answers 404 for another user's wallet, exactly as for a missing one", async () => {
      const owner = await t.signUp();
      const other = await t.signUp();
      const theirs = owner.wallets[0].id;
      const rename = await post(`/v1/wallets/${theirs}/rename`, other.token, { name: 'Mine now' });
      const missing = await post(`/v1/wallets/99999999/rename`, other.token, { name: 'Mine now' });
      expect(rename.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expect(rename.json().error.code).toBe('NOT_FOUND');
      expect((await post(`/v1/wallets/${theirs}/archive`, other.token)).statusCode).toBe(404);
      const ownerList = (await get('/v1/wallets/list', owner.token)).json();
      expect(ownerList[0]).toMatchObject({ name: 'Your EVM Wallet', archived: false });
    });
  });

  describe('authentication and permits', () => {
    it('answers 401 without, or with a bad, bearer token, naming the scheme in WWW-Authenticate', async () => {
      for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }]) {
        const res = await t.request({ method: 'GET', url: '/v1/wallets/list', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHENTICATED');
        expect(res.headers['www-authenticate']).toBe(
          'authorization' in headers
            ? 'Bearer realm="vetted", error="invalid_token"'
            : 'Bearer realm="vetted"',
        );
      }
    });

    it('refuses a validly signed token whose account does not exist, or signed up after it was issued', async () => {
      // Signed with the service's own secret, 10 s ago, for a username nobody holds yet: as a token
      // kept from before the data was reset would be.
      const secret = resolveAuthSecret(t.app.get<Config>(CONFIG));
      const earlier = new TokenService(secret, 3600, () => new Date(Date.now() - 10_000));
      const username = uniqueName('ghost');
      const { token } = await earlier.issue({ userId: userIdForUsername(username), username }, PERMITS);
      const refused = async () => {
        for (const res of [
          await get('/v1/wallets/list', token),
          await post('/v1/auth/tokens', token, {}),
          await post('/v1/wallets', token, { family: 'evm' }),
          await get('/v1/activity/feed?scope=mine', token),
        ]) {
          expect(res.statusCode).toBe(401);
          expect(res.json().error.code).toBe('UNAUTHENTICATED');
        }
        // Where a token is optional, it is ignored like any invalid one.
        expect((await get('/v1/activity/feed?scope=global', token)).statusCode).toBe(200);
      };
      await refused();
      // Whoever signs up with that name later is not reachable with it.
      const owner = await t.signUp(username);
      await refused();
      expect((await get('/v1/wallets/list', owner.token)).json()).toHaveLength(2);
    });

    it('refuses a request with two Authorization headers, whichever is valid', async () => {
      const [a, b] = [await t.signUp(), await t.signUp()];
      const res = await t.request({
        method: 'GET',
        url: '/v1/wallets/list',
        // Raw header pairs: two fields of one name, as a client or proxy may send them.
        headers: { authorization: [`Bearer ${a.token}`, `Bearer ${b.token}`] as unknown as string },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'MALFORMED_REQUEST' });
      // On routes that read no token too: nothing is recorded.
      const before = await t.head();
      const signup = await t.request({
        method: 'POST',
        url: '/v1/auth/signup',
        headers: { authorization: ['a', 'b'] as unknown as string },
        payload: { username: uniqueName('twoauth') },
      });
      expect(signup.statusCode).toBe(400);
      expect(await t.head()).toBe(before);
    });

    it('takes the scheme in any case, and any number of spaces after it, as HTTP says', async () => {
      const { token } = await t.signUp();
      for (const scheme of ['bearer ', 'BEARER ', 'Bearer   ']) {
        const res = await t.request({
          method: 'GET',
          url: '/v1/wallets/list',
          headers: { authorization: `${scheme}${token}` },
        });
        expect(res.statusCode).toBe(200);
      }
    });

    it('answers 403 PERMIT_REQUIRED when the token lacks account.write', async () => {
      const { token } = await t.signUp();
      const minted = await post('/v1/auth/tokens', token, { permits: ['write'] });
      expect(minted.statusCode).toBe(201);
      expect(minted.json()).toMatchObject({ permits: ['write'], view: null });
      const weak = minted.json().token;
      const res = await post('/v1/wallets', weak, { family: 'evm' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'PERMIT_REQUIRED',
        message: expect.stringContaining('account.write'),
      });
      expect((await get('/v1/wallets/list', weak)).statusCode).toBe(200);
    });

    it('never mints a token that outlives the caller', async () => {
      const { token } = await t.signUp();
      const short = (await post('/v1/auth/tokens', token, { ttlSeconds: 60 })).json();
      const renewed = await post('/v1/auth/tokens', short.token, {});
      expect(renewed.statusCode).toBe(201);
      expect(Date.parse(renewed.json().expiresAt)).toBeLessThanOrEqual(Date.parse(short.expiresAt));
      // A shorter lifetime than the caller's is kept.
      const shorter = (await post('/v1/auth/tokens', token, { ttlSeconds: 120 })).json();
      expect(Date.parse(shorter.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
    });

    it('never mints permits the caller does not hold', async () => {
      const { token } = await t.signUp();
      const weak = (await post('/v1/auth/tokens', token, { permits: ['write'] })).json().token;
      const res = await post('/v1/auth/tokens', weak, { permits: ['write', 'wallet.sign'] });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toContain('wallet.sign');
    });

    it('lets a support-readonly view read but not write', async () => {
      const { token, wallets } = await t.signUp();
      const view = await post('/v1/auth/tokens', token, { view: 'support-readonly' });
      expect(view.json()).toMatchObject({ view: 'support-readonly' });
      const viewToken = view.json().token;
      expect((await get('/v1/wallets/list', viewToken)).json()).toHaveLength(2);
      const write = await post(`/v1/wallets/${wallets[0].id}/rename`, viewToken, { name: 'x' });
      expect(write.statusCode).toBe(403);
      expect(write.json().error.code).toBe('PERMIT_REQUIRED');
      // A view cannot mint its way out of being a view.
      const again = await post('/v1/auth/tokens', viewToken, {});
      expect(again.json().view).toBe('support-readonly');
    });
  });

  it('keeps everything across a restart: read models are rebuilt from the event store', async () => {
    const { token } = await t.signUp();
    await post('/v1/wallets', token, { family: 'evm', name: 'Persisted' });
    const before = (await get('/v1/wallets/list', token)).json();
    t = await t.restart();
    const after = await get('/v1/wallets/list', token);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before);
  });
});
