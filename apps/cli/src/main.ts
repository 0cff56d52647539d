import '../../../libs/kernel/src/register-aliases';
import { loadConfig } from '@vetted/kernel';
import { ignoreClosedOutput } from './closed-output';
import { USAGE, apiUrlProblem, readCommandLine } from './command-line';
import { exitCodeOf, messageOf } from './exit-code';
import { missingEventStore } from './existing-store';
import { replay } from './replay';
import { stats } from './stats';
import { submit } from './submit';

async function main(argv: string[]): Promise<number> {
  const line = readCommandLine(argv);
  if (line.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (line.kind === 'usage') {
    console.error(`${line.message}\n\n${USAGE}`);
    return 64;
  }
  const { command, options } = line;
  if (command === 'submit') {
    const token = options.token ?? process.env.VETTED_TOKEN;
    if (!options.file || !token) {
      console.error('submit needs --file <intent.json> and a token (--token or VETTED_TOKEN)');
      return 64;
    }
    const url = options.url ?? process.env.VETTED_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
    // --url was checked with the command line; the environment's is a configuration error (78).
    const wrongUrl = options.url === undefined ? apiUrlProblem(url) : null;
    if (wrongUrl !== null) {
      console.error(`VETTED_URL ${wrongUrl}`);
      return 78;
    }
    return submit({ file: options.file, url, token, key: options.key });
  }
  // The command line is checked before the configuration: a usage error is 64 either way.
  const config = loadConfig();
  const missing = missingEventStore(config);
  if (missing !== null) {
    console.error(missing);
    return 66;
  }
  return command === 'stats' ? stats(config) : replay(config, options.projection!);
}

ignoreClosedOutput([process.stdout, process.stderr]);
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(messageOf(error));
    process.exit(exitCodeOf(error));
  },
);
