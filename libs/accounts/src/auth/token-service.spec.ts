import { ManualClock } from '@vetted/kernel';
import { TokenService } from './token-service';

describe('TokenService', () => {
  const clock = new ManualClock('2026-11-21T10:00:00.000Z');
  const service = new TokenService('s'.repeat(48), 3600, () => clock.now());
  const alice = { userId: '5b0c4f8e-7d0a-5f5e-9d6c-1f2e3d4c5b6a', username: 'alice' };

  it('round-trips the subject, permits and view', async () => {
    const { token, expiresAt } = await service.issue(alice, ['account.write', 'write'], {
      view: 'support-readonly',
    });
    expect(expiresAt).toBe('2026-11-21T11:00:00.000Z');
    await expect(service.verify(token)).resolves.toMatchObject({
      userId: alice.userId,
      username: 'alice',
      permits: ['account.write', 'write'],
      view: 'support-readonly',
    });
  });

  it('rejects a token signed with another secret', async () => {
    const other = new TokenService('o'.repeat(48), 3600, () => clock.now());
    const { token } = await other.issue(alice, ['write']);
    await expect(service.verify(token)).resolves.toBeNull();
  });

  it('rejects garbage and tampered tokens', async () => {
    const { token } = await service.issue(alice, ['write']);
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: alice.userId, username: 'mallory', permits: ['write'], exp: 9e9 }),
    ).toString('base64url');
    await expect(service.verify(`${h}.${forged}.${s}`)).resolves.toBeNull();
    await expect(service.verify('not-a-jwt')).resolves.toBeNull();
    expect(p).toBeTruthy();
  });

  it('knows a token without waiting only once it was verified, and only until it expires', async () => {
    const { token } = await service.issue(alice, ['write'], { ttlSeconds: 60 });
    expect(service.known(token)).toBeUndefined();
    const principal = await service.verify(token);
    expect(service.known(token)).toBe(principal);
    expect(service.known('not-a-jwt')).toBeUndefined();
    clock.advance(60_000);
    expect(service.known(token)).toBeUndefined();
  });

  it('rejects a token once it expires, even after it was verified and cached', async () => {
    const { token } = await service.issue(alice, ['write'], { ttlSeconds: 60 });
    await expect(service.verify(token)).resolves.not.toBeNull();
    clock.advance(61_000);
    await expect(service.verify(token)).resolves.toBeNull();
  });
});
