import { positionKey } from '@vetted/event-store';
import { projectTwice, recorded } from '@vetted/read-store/testing/projection-specification';
import { feedProjection } from './feed-projection';

describe('feed projection', () => {
  it('turns each signup into one public user_joined entry keyed by the event id, idempotently', async () => {
    const events = recorded([
      {
        streamId: 'account-a',
        type: 'UserSignedUp',
        data: { userId: 'a', username: 'alice', at: '2026-11-21T10:00:00.000Z' },
      },
      {
        streamId: 'account-b',
        type: 'UserSignedUp',
        data: { userId: 'b', username: 'bob', at: '2026-11-21T10:01:00.000Z' },
      },
    ]);
    const docs = await projectTwice(feedProjection, events);
    expect(docs).toEqual([
      {
        _id: events[0].id,
        _version: positionKey(events[0].position),
        id: events[0].id,
        kind: 'user_joined',
        createdAt: '2026-11-21T10:00:00.000Z',
        username: 'alice',
        userId: 'a',
        global: true,
      },
      expect.objectContaining({ id: events[1].id, username: 'bob', userId: 'b' }),
    ]);
  });
});
