import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The service's Prometheus metrics, in a registry of its own (tests boot several apps per process). */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly commands = new Counter({
    name: 'commands_total',
    help: 'Commands (non-GET requests) by route and outcome: ok, or the error code answered',
    labelNames: ['command', 'outcome'] as const,
    registers: [this.registry],
  });

  /** A gauge whose value is read when Prometheus scrapes. */
  gauge(name: string, help: string, labelNames: string[], collect: (gauge: Gauge) => Promise<void>): Gauge {
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
