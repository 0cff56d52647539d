import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import type { Config } from '@vetted/kernel';

/**
 * JSON logs. Secrets never reach them: request headers are not logged at all, and these paths
 * are redacted wherever an object carrying them is logged.
 */
export const REDACTED_PATHS = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  'token',
  '*.token',
  'masterKey',
  '*.masterKey',
  '*.*.masterKey',
  'speechToken',
  '*.speechToken',
];

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'vetted' },
    },
    destination,
  );
}

/** Nest's own messages (boot, routes, errors) through the same pino logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, message instanceof Error ? message.message : String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
