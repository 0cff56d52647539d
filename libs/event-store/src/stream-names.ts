/** One function owns each stream id: `category-id`. */
export const accountStream = (userId: string): string => `account-${userId}`;
export const sequenceStream = (kind: string): string => `sequence-${kind}`;

export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
}
export const walletStream = (walletId: number): string => `wallet-${walletId}`;
export const operationStream = (operationId: string): string => `operation-${operationId}`;
