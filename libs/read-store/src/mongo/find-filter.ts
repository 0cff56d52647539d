import type { Filter, Sort } from 'mongodb';
import type { CursorPosition } from '../cursor';
import type { FindQuery, Scalar } from '../read-store';

export interface MongoDoc {
  _id: string;
  _version: number | string;
  [field: string]: unknown;
}

/**
 * The filter of a page: the equality values (an array means `$in`) and, after a cursor, the range
 * of (orderBy, _id) strictly beyond it in the walk's direction. A missing orderBy value sorts as
 * null, below every number and string, so null needs its own branches ($gt/$lt only match values
 * of the cursor's type).
 */
export function findFilter(query: FindQuery, after: CursorPosition | undefined): Filter<MongoDoc> {
  const filter: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(query.where)) {
    filter[field] = Array.isArray(value) ? { $in: value } : value;
  }
  if (after === undefined) return filter as Filter<MongoDoc>;
  const { orderBy, direction } = query;
  filter.$or = beyond(orderBy, direction, after.value, after.id);
  // Redundant with the $or, but gives the index scan a tight lower bound even when the planner
  // does not push the $or down into the index.
  if (direction === 'asc' && after.value !== null && !(orderBy in filter)) {
    filter[orderBy] = { $gte: after.value };
  }
  return filter as Filter<MongoDoc>;
}

export function findSort(query: FindQuery): Sort {
  const direction = query.direction === 'asc' ? 1 : -1;
  return { [query.orderBy]: direction, _id: direction };
}

function beyond(field: string, direction: 'asc' | 'desc', value: Scalar, id: string): object[] {
  if (direction === 'asc') {
    if (value === null) return [{ [field]: null, _id: { $gt: id } }, { [field]: { $ne: null } }];
    return [{ [field]: { $gt: value } }, { [field]: value, _id: { $gt: id } }];
  }
  if (value === null) return [{ [field]: null, _id: { $lt: id } }];
  return [{ [field]: { $lt: value } }, { [field]: value, _id: { $lt: id } }, { [field]: null }];
}
