import { parseArgs } from 'node:util';

export const USAGE = `vetted <command> [options]

Commands:
  stats                          events per type, head of $all, projection checkpoints and lag
  replay --projection <name>     rebuild one read model from $all, with a progress bar
  submit --file <intent.json>    create a Shape B operation from a file (an intent, or { idempotencyKey, intent })
         [--url <api>] [--token <bearer>] [--key <uuid>]
                                 url defaults to VETTED_URL or http://localhost:$PORT (3000), token to VETTED_TOKEN;
                                 without a key, the same file always gets the same key (a rerun replays)

Configuration comes from the same environment variables as the API (DATA_DIR, EVENT_STORE, READ_STORE, ...).`;

const OPTIONS = {
  projection: { type: 'string' },
  file: { type: 'string' },
  url: { type: 'string' },
  token: { type: 'string' },
  key: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Option = Exclude<keyof typeof OPTIONS, 'help'>;

/** The options each command takes; any other is a usage error, not silently ignored. */
const COMMANDS: Record<string, readonly Option[]> = {
  stats: [],
  replay: ['projection'],
  submit: ['file', 'url', 'token', 'key'],
};

export type CommandLine =
  | { kind: 'help' }
  | { kind: 'command'; command: string; options: Partial<Record<Option, string>> }
  /** Exit 64 with this message, followed by the usage. */
  | { kind: 'usage'; message: string };

/**
 * Reads the command line: one command, the options it takes, nothing else. An unknown option, an
 * option without its value, an option of another command or an extra argument is a usage error
 * (sysexits 64), as an unknown command is.
 */
export function readCommandLine(argv: readonly string[]): CommandLine {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS, tokens: true });
  } catch (error) {
    return { kind: 'usage', message: (error as Error).message };
  }
  const { positionals, values, tokens } = parsed;
  const seen = new Set<string>();
  for (const token of tokens)
    if (token.kind === 'option') {
      if (seen.has(token.name)) return { kind: 'usage', message: `--${token.name} is given twice` };
      seen.add(token.name);
    }
  const [command, ...extra] = positionals;
  if (values.help) return { kind: 'help' };
  if (command === undefined) return { kind: 'usage', message: 'no command given' };
  const allowed = COMMANDS[command];
  if (allowed === undefined) return { kind: 'usage', message: `unknown command "${command}"` };
  if (extra.length > 0)
    return {
      kind: 'usage',
      message: `${command} takes no arguments, got ${extra.map((a) => `"${a}"`).join(' ')}`,
    };
  const options: Partial<Record<Option, string>> = {};
  for (const [name, value] of Object.entries(values) as [Option | 'help', string | boolean][]) {
    if (name === 'help') continue;
    if (!allowed.includes(name))
      return {
        kind: 'usage',
        message: `${command} takes ${allowed.length === 0 ? 'no options' : allowed.map((o) => `--${o}`).join(', ')}, not --${name}`,
      };
    options[name] = value as string;
  }
  if (command === 'replay' && options.projection === undefined)
    return { kind: 'usage', message: 'replay needs --projection <name>' };
  const wrongUrl = options.url === undefined ? null : apiUrlProblem(options.url);
  if (wrongUrl !== null) return { kind: 'usage', message: `--url ${wrongUrl}` };
  return { kind: 'command', command, options };
}

/**
 * What is wrong with an API base URL (`--url`, `VETTED_URL`), if anything: it must be http(s), with
 * no credentials (fetch refuses them, and they would be echoed in errors) and no query or fragment
 * (the route is appended to it). The message leaves the URL out when it carries credentials.
 */
export function apiUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `must be an http(s) URL, got "${text}"`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must be an http(s) URL, got "${text}"`;
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  // The text, not `search`/`hash`, which read a bare "?" or "#" as none.
  if (text.includes('?') || text.includes('#'))
    return `must be the API's base URL, without a query or fragment, got "${text}"`;
  return null;
}
