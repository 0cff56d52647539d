import type { Collection } from '@vetted/read-store';
import type { CapturedAction } from '../domain';
import type { OperationDocument } from '../read-model/operations/operation-document';

const PAGE = 100;

/** A leg of an operation still executing that has not finished: not yet run, or submitted. */
export interface UnfinishedLeg {
  action: CapturedAction;
  status: 'pending' | 'submitted';
  /** Named once its intent is recorded (`submitted`). */
  submissionId: string | null;
}

/**
 * The unfinished legs of the user's operations still executing (of one paying wallet, when given),
 * from the operations read model: a command answers only once the read models have passed its
 * events, and process managers start only once they have caught up at boot, so every approval and
 * recorded intent before is seen here.
 */
export async function unfinishedLegs(
  operations: Collection<OperationDocument>,
  userId: string,
  walletId?: number,
): Promise<UnfinishedLeg[]> {
  const legs: UnfinishedLeg[] = [];
  const where: Record<string, string | number> = { userId, state: 'working' };
  if (walletId !== undefined) where.walletId = walletId;
  let after: string | undefined;
  do {
    const page = await operations.find({ where, orderBy: 'createdAt', direction: 'asc', after, limit: PAGE });
    for (const doc of page.items)
      doc.actions.forEach((action, i) => {
        const leg = doc.legs[i];
        if (leg?.status === 'pending' || leg?.status === 'submitted')
          legs.push({ action, status: leg.status, submissionId: leg.submissionId });
      });
    after = page.nextCursor ?? undefined;
  } while (after !== undefined);
  return legs;
}
