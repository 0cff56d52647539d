import type { Collection } from '@vetted/read-store';
import type { CapturedAction } from '../domain';
import type { OperationDocument } from '../read-model/operations/operation-document';

const PAGE = 100;

/**
 * The legs that the wallet's operations still executing have yet to finish (not yet run, or
 * submitted and not settled), from the operations read model: a command answers only once the read
 * models have passed its events, so every approval answered before is seen here.
 */
export async function executingLegs(
  operations: Collection<OperationDocument>,
  userId: string,
  walletId: number,
): Promise<CapturedAction[]> {
  const legs: CapturedAction[] = [];
  let after: string | undefined;
  do {
    const page = await operations.find({
      where: { userId, state: 'working', walletId },
      orderBy: 'createdAt',
      direction: 'asc',
      after,
      limit: PAGE,
    });
    for (const doc of page.items)
      doc.actions.forEach((action, i) => {
        const status = doc.legs[i]?.status;
        if (status === 'pending' || status === 'submitted') legs.push(action);
      });
    after = page.nextCursor ?? undefined;
  } while (after !== undefined);
  return legs;
}
