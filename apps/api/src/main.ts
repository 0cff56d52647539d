import '../../../libs/kernel/src/register-aliases';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from '@vetted/kernel';
import { SandboxFileInUse } from '@vetted/sandbox';
import { createApp } from './create-app';

const LISTEN_FAILURES: Record<string, (host: string, port: number) => string> = {
  EADDRINUSE: (host, port) => `PORT ${port} is already in use on ${host}`,
  EACCES: (_, port) => `PORT ${port} needs privileges this process lacks`,
  EADDRNOTAVAIL: (host) => `HOST ${host} is not an address of this machine`,
  ENOTFOUND: (host) => `HOST ${host} does not resolve`,
};

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
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A setting this machine cannot honour, named as the configuration's problems are.
    const reason = LISTEN_FAILURES[(error as { code?: string }).code ?? ''];
    if (reason === undefined) throw error;
    console.error(`cannot listen on ${config.host}:${config.port}: ${reason(config.host, config.port)}`);
    process.exit(78);
  }
  new Logger('Vetted').log(
    `listening on http://${config.host}:${config.port} (event store: ${config.eventStore}, read store: ${config.readStore}, data: ${config.dataDir}); API docs at /docs`,
  );
}

void main();
