import { ConfigError } from '@vetted/kernel';

/** How the CLI exits on an error (sysexits): a usage error 64, a configuration error 78, else 1. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof ConfigError) return 78;
  // node:util parseArgs: an unknown option, or an option without its value.
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS') ? 64 : 1;
}
