import type { Metrics } from '@vetted/platform';
import type { Logger } from 'pino';

/** One answer the service gave: the request line as routed, the status, the time it took. */
export interface Answer {
  requestId: string;
  method: string;
  /** The route pattern, `unmatched` when none matched, `unparsed` when Node could not parse it. */
  route: string;
  status: number;
  ms: number;
  /** The error code of a failed command (the command outcome metric). */
  errorCode?: string;
}

/**
 * What every answer leaves behind: one log line (request id, route, status, ms), the latency
 * histogram, and for commands their outcome. The hooks record routed requests; answers given before
 * routing (framework and parser errors) are recorded the same way.
 */
export function recordAnswer(metrics: Metrics, logger: Logger, answer: Answer): void {
  const { requestId, method, route, status, ms } = answer;
  metrics.httpDuration.observe({ method, route, status: String(status) }, ms / 1000);
  if (method !== 'GET' && method !== 'HEAD')
    metrics.commands.inc({ command: `${method} ${route}`, outcome: answer.errorCode ?? 'ok' });
  if (logger.isLevelEnabled('info'))
    logger.info({ requestId, method, route, status, ms: Math.round(ms) }, 'request');
}
