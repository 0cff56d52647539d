import { walletBalancesProjection, walletsProjection } from '@vetted/accounts';
import { feedProjection, operationActivityProjection } from '@vetted/activity';
import { operationsProjection } from '@vetted/operations';
import type { Projection } from '@vetted/read-store';

/** Every read model of the service; the API, the worker and the CLI run the same list. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  walletsProjection as Projection,
  walletBalancesProjection as Projection,
  feedProjection as Projection,
  operationsProjection as Projection,
  operationActivityProjection as Projection,
];

export function projectionNamed(name: string): Projection | undefined {
  return ALL_PROJECTIONS.find((p) => p.name === name);
}
