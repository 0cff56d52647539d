import type { FindQuery } from '../read-store';
import { findFilter, findSort } from './find-filter';

describe('MongoDB find filter', () => {
  const query: FindQuery = {
    where: { account: 'a', status: ['x', 'y'] },
    orderBy: 'at',
    direction: 'asc',
    limit: 5,
  };

  it('matches equality values, an array as $in', () => {
    expect(findFilter(query, undefined)).toEqual({ account: 'a', status: { $in: ['x', 'y'] } });
  });

  it('sorts by the orderBy field, then _id, in the query direction', () => {
    expect(findSort(query)).toEqual({ at: 1, _id: 1 });
    expect(findSort({ ...query, direction: 'desc' })).toEqual({ at: -1, _id: -1 });
  });

  it('continues strictly after the cursor ascending', () => {
    expect(findFilter(query, { value: 5, id: 'k' })).toEqual({
      account: 'a',
      status: { $in: ['x', 'y'] },
      at: { $gte: 5 },
      $or: [{ at: { $gt: 5 } }, { at: 5, _id: { $gt: 'k' } }],
    });
    expect(findFilter(query, { value: null, id: 'k' }).$or).toEqual([
      { at: null, _id: { $gt: 'k' } },
      { at: { $ne: null } },
    ]);
  });

  it('continues strictly after the cursor descending, nulls last', () => {
    const desc = { ...query, direction: 'desc' } as const;
    expect(findFilter(desc, { value: 5, id: 'k' }).$or).toEqual([
      { at: { $lt: 5 } },
      { at: 5, _id: { $lt: 'k' } },
      { at: null },
    ]);
    expect(findFilter(desc, { value: null, id: 'k' }).$or).toEqual([{ at: null, _id: { $lt: 'k' } }]);
  });
});
