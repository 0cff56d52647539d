/**
 * The HTTP baseline: a bare Fastify server (no Nest, no hooks, no logger) answering the benchmarked
 * routes with the exact JSON bodies the API returned. It holds them as objects and lets Fastify
 * serialize them on every request, as the API does with its query results.
 *
 * Usage: PORT=<port> node dist/test/bench/bare-fastify-server.js <bodies.json>
 * where bodies.json is `{ "<path with query>": <body>, ... }`. A key `"POST <path>"` registers a POST
 * route instead, answering 201 with the body (Fastify parses the JSON request body, as the API does).
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

async function main(): Promise<void> {
  const bodiesFile = process.argv[2];
  if (!bodiesFile) throw new Error('usage: bare-fastify-server <bodies.json>');
  const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8')) as Record<string, unknown>;
  const app = Fastify({ logger: false });
  const byPath = new Map<string, unknown>();
  const posts = new Map<string, unknown>();
  for (const [key, body] of Object.entries(bodies)) {
    if (key.startsWith('POST ')) posts.set(new URL(key.slice(5), 'http://x').pathname, body);
    else byPath.set(new URL(key, 'http://x').pathname, body);
  }
  for (const [route, body] of byPath) app.get(route, async () => body);
  for (const [route, body] of posts)
    app.post(route, async (_request, reply) => {
      void reply.code(201);
      return body;
    });
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
