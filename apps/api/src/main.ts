import '../../../libs/kernel/src/register-aliases';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from '@vetted/kernel';
import { createApp } from './create-app';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78);
  }
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen({ port: config.port, host: config.host });
  new Logger('Vetted').log(
    `listening on http://${config.host}:${config.port} (event store: ${config.eventStore}, read store: ${config.readStore}, data: ${config.dataDir}); API docs at /docs`,
  );
}

void main();
