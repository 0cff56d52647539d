/**
 * The HTTP baseline: a bare Fastify server (no Nest, no hooks, no logger) answering the benchmarked
 * routes with the exact JSON bodies the API returned. It holds them as objects and lets Fastify
 * serialize them on every request, as the API does with its query results.
 *
 * Usage: PORT=<port> node dist/test/bench/bare-fastify-server.js <bodies.json>
 * where bodies.json is `{ "<path with query>": <body>, ... }`.
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

async function main(): Promise<void> {
  const bodiesFile = process.argv[2];
  if (!bodiesFile) throw new Error('usage: bare-fastify-server <bodies.json>');
  const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8')) as Record<string, unknown>;
  const app = Fastify({ logger: false });
  const byPath = new Map<string, unknown>();
  for (const [url, body] of Object.entries(bodies)) byPath.set(new URL(url, 'http://x').pathname, body);
  for (const [route, body] of byPath) app.get(route, async () => body);
  app.get('/__ready', async () => ({ status: 'ok' }));
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  const close = (): void => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
