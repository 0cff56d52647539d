/** The part of autocannon's programmatic API the HTTP bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    [percentile: string]: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    timeout?: number;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }
  function autocannon(options: Options): Promise<Result>;
  export = autocannon;
}
