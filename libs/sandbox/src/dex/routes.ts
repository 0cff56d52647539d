import type { AssetId } from '@vetted/venues';
import { assetKey, sameAsset } from '@vetted/venues';
import { POOLS, type PoolSpec } from './pools';

/** One pool crossed in one direction. */
export interface Hop {
  pool: PoolSpec;
  input: AssetId;
  output: AssetId;
}

const graph = new Map<string, Hop[]>();
for (const pool of POOLS)
  for (const [input, output] of [
    [pool.a, pool.b],
    [pool.b, pool.a],
  ]) {
    const key = assetKey(input);
    graph.set(key, [...(graph.get(key) ?? []), { pool, input, output }]);
  }
const routes = new Map<string, Hop[] | null>();

/** The route crossing the fewest pools from one asset to another, or null; the pool graph is fixed. */
export function routeBetween(from: AssetId, to: AssetId): Hop[] | null {
  const cacheKey = `${assetKey(from)}>${assetKey(to)}`;
  if (!routes.has(cacheKey)) routes.set(cacheKey, search(from, to));
  return routes.get(cacheKey) ?? null;
}

function search(from: AssetId, to: AssetId): Hop[] | null {
  if (sameAsset(from, to)) return null;
  const previous = new Map<string, Hop | null>([[assetKey(from), null]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const hop of graph.get(assetKey(current)) ?? []) {
      const key = assetKey(hop.output);
      if (previous.has(key)) continue;
      previous.set(key, hop);
      if (key === assetKey(to)) return unwind(previous, to);
      queue.push(hop.output);
    }
  }
  return null;
}

function unwind(previous: Map<string, Hop | null>, to: AssetId): Hop[] {
  const hops: Hop[] = [];
  for (let hop = previous.get(assetKey(to)); hop; hop = previous.get(assetKey(hop.input))) hops.unshift(hop);
  return hops;
}
