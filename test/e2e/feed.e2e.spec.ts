import { bearer, startTestApp, type TestApp } from '../support/test-app';

describe('public activity feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const feed = (query: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: `/v1/activity/feed?${query}`, headers });

  it('shows user_joined entries publicly, newest first, with actor.username', async () => {
    const first = await t.signUp();
    const second = await t.signUp();
    const res = await feed('scope=global');
    expect(res.statusCode).toBe(200);
    const [newest, next] = res.json().entries;
    expect(newest).toEqual({
      id: expect.any(String),
      kind: 'user_joined',
      createdAt: expect.any(String),
      actor: { username: second.username },
    });
    expect(next.actor.username).toBe(first.username);
    expect(new Date(newest.createdAt).toISOString()).toBe(newest.createdAt);
  });

  it('pages with an opaque cursor, each entry exactly once', async () => {
    const users = [];
    for (let i = 0; i < 7; i++) users.push((await t.signUp()).username);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await feed(`scope=global&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries.map((e: { actor: { username: string } }) => e.actor.username));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 7)).toEqual([...users].reverse());
  });

  it('filters by kinds, repeatable', async () => {
    await t.signUp();
    const joined = await feed('kinds=user_joined');
    expect(joined.json().entries.length).toBeGreaterThan(0);
    const none = await feed('kinds=agent_started&kinds=service_transaction');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ entries: [], nextCursor: null });
    const both = await feed('kinds=agent_started&kinds=user_joined&limit=5');
    expect(both.json().entries.every((e: { kind: string }) => e.kind === 'user_joined')).toBe(true);
    expect(both.json().entries).toHaveLength(5);
  });

  it("shows the caller's own entries with scope=mine and needs a bearer for it", async () => {
    const me = await t.signUp();
    await t.signUp();
    const mine = await feed('scope=mine', bearer(me.token));
    expect(mine.statusCode).toBe(200);
    expect(mine.json().entries).toEqual([
      expect.objectContaining({ kind: 'user_joined', actor: { username: me.username } }),
    ]);
    const anonymous = await feed('scope=mine');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['scope=friends', 'scope'],
    ['kinds=nonsense', 'kinds'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=0x10', 'limit'],
    ['limit=1e1', 'limit'],
    ['limit=05', 'limit'],
    ['limit=%205', 'limit'],
    ['limit=2.0', 'limit'],
    ['cursor=%%%', 'cursor'],
    ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ['unknown=1', 'unknown'],
  ])('rejects %s with 400 naming %s', async (query, path) => {
    const res = await feed(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain(path);
  });
});
