import '../../../libs/kernel/src/register-aliases';
import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError, extend, loadConfig, type Config } from '@vetted/kernel';
import { PlatformModule } from '@vetted/platform';

/** The projectors (and, as they arrive, the process managers) without HTTP, for scale-out. */
@Module({})
class WorkerModule {
  static forRoot(config: Config): DynamicModule {
    return { module: WorkerModule, imports: [PlatformModule.forRoot(config)] };
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = extend(loadConfig(), { runWorkers: true });
    if (config.readStore !== 'mongo')
      throw new ConfigError([
        'a worker needs READ_STORE=mongo: the in-process read store is built inside the API process itself',
      ]);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78);
  }
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: false });
  app.enableShutdownHooks();
  new Logger('Worker').log(`projecting from ${config.eventStore} into ${config.readStore}`);
}

void main();
