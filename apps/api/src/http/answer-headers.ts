/**
 * What every answer carries, those given outside Fastify (a parser refusal, the 417) included:
 * answers are about accounts and money as they are now, so nothing may keep them (tokens,
 * balances), and a client's or proxy's guess at a media type never overrides the one sent.
 */
export const EVERY_ANSWER: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};
