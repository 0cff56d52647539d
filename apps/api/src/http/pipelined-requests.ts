import type { Socket } from 'node:net';

/** RFC 9110 section 9.2.1: requests that ask for nothing to change. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** One connection's requests: how many run, whether one of them may change something, who waits. */
interface Line {
  running: number;
  unsafe: boolean;
  waiting: { safe: boolean; start: () => void }[];
}

const LINE = Symbol('pipelinedRequests');
type LinedSocket = Socket & { [LINE]?: Line };

/**
 * The order of pipelined requests (RFC 9112 section 9.3.2: a server may process pipelined requests
 * in parallel only when they are all safe). Node hands every request of a connection to the server
 * as soon as it is parsed, so a pipelined `POST /v1/operations` and the approve or read behind it
 * ran at once, and the second could miss what the first recorded. A request that may change
 * something now starts only once the requests before it on its connection have been answered, and
 * the requests after it wait for its answer; safe requests next to safe ones still run together.
 * A connection with one request at a time (keep-alive without pipelining) never waits.
 */
export function admitInOrder(socket: Socket, method: string, start: () => void): void {
  const lined = socket as LinedSocket;
  const line = (lined[LINE] ??= { running: 0, unsafe: false, waiting: [] });
  const safe = SAFE_METHODS.has(method);
  if (line.running === 0 || (safe && !line.unsafe && line.waiting.length === 0)) {
    line.running++;
    if (!safe) line.unsafe = true;
    start();
    return;
  }
  line.waiting.push({ safe, start });
}

/** A request admitted on `socket` was answered: the next in line may start. */
export function answeredInOrder(socket: Socket): void {
  const line = (socket as LinedSocket)[LINE];
  if (line === undefined || line.running === 0) return;
  if (--line.running > 0) return;
  line.unsafe = false;
  // The first waiting starts; safe ones behind a safe one start with it, up to the next unsafe one.
  while (line.waiting.length > 0) {
    const next = line.waiting[0];
    if (line.running > 0 && (!next.safe || line.unsafe)) break;
    line.waiting.shift();
    line.running++;
    if (!next.safe) line.unsafe = true;
    next.start();
  }
}
