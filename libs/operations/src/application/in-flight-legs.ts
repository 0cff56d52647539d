import type { CapturedAction } from '../domain';

interface InFlightLeg {
  userId: string;
  action: CapturedAction;
}

/**
 * The legs this executor may have submitted and whose settlement it has not recorded on the
 * wallets yet: from the leg's start until its receipt is recorded, or, for a leg cut off by the
 * lifecycle deadline, until its late receipt is recorded or the watch ends.
 */
export class InFlightLegs {
  private readonly legs = new Map<string, InFlightLeg>();

  add(submissionId: string, userId: string, action: CapturedAction): void {
    this.legs.set(submissionId, { userId, action });
  }

  delete(submissionId: string): void {
    this.legs.delete(submissionId);
  }

  /** The user's legs in flight, by submission id. */
  of(userId: string): [string, CapturedAction][] {
    const found: [string, CapturedAction][] = [];
    for (const [submissionId, leg] of this.legs)
      if (leg.userId === userId) found.push([submissionId, leg.action]);
    return found;
  }
}
