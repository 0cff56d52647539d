import '../../../libs/kernel/src/register-aliases';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@vetted/kernel';
import { replay } from './replay';
import { stats } from './stats';
import { exitCodeOf } from './exit-code';
import { submit } from './submit';

const USAGE = `vetted <command> [options]

Commands:
  stats                          events per type, head of $all, projection checkpoints and lag
  replay --projection <name>     rebuild one read model from $all, with a progress bar
  submit --file <intent.json>    create a Shape B operation from a file (an intent, or { idempotencyKey, intent })
         [--url <api>] [--token <bearer>] [--key <uuid>]
                                 url defaults to VETTED_URL or http://localhost:$PORT (3000), token to VETTED_TOKEN;
                                 without a key, the same file always gets the same key (a rerun replays)

Configuration comes from the same environment variables as the API (DATA_DIR, EVENT_STORE, READ_STORE, ...).`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      projection: { type: 'string' },
      file: { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
      key: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 64;
  }
  if (command === 'submit') {
    const token = values.token ?? process.env.VETTED_TOKEN;
    if (!values.file || !token) {
      console.error('submit needs --file <intent.json> and a token (--token or VETTED_TOKEN)');
      return 64;
    }
    const url = values.url ?? process.env.VETTED_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
    return submit({ file: values.file, url, token, key: values.key });
  }
  // The command line is checked before the configuration: a usage error is 64 either way.
  if (command !== 'stats' && command !== 'replay') {
    console.error(`unknown command "${command}"\n\n${USAGE}`);
    return 64;
  }
  if (command === 'replay' && !values.projection) {
    console.error('replay needs --projection <name>');
    return 64;
  }
  const config = loadConfig();
  return command === 'stats' ? stats(config) : replay(config, values.projection!);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof TypeError ? error.message : error);
    process.exit(exitCodeOf(error));
  },
);
