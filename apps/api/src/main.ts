import '../../../libs/kernel/src/register-aliases';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from '@vetted/kernel';
import { SandboxFileInUse } from '@vetted/sandbox';
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
  let app;
  try {
    app = await createApp(config);
  } catch (error) {
    // Another API already runs on this DATA_DIR: a usage error of this one, as a bad setting is.
    if (!(error instanceof SandboxFileInUse)) throw error;
    console.error(`DATA_DIR ${config.dataDir}: ${error.message}`);
    process.exit(78);
  }
  app.enableShutdownHooks();
  await app.listen({ port: config.port, host: config.host });
  new Logger('Vetted').log(
    `listening on http://${config.host}:${config.port} (event store: ${config.eventStore}, read store: ${config.readStore}, data: ${config.dataDir}); API docs at /docs`,
  );
}

void main();
