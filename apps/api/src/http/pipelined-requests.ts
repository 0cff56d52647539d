import type { Socket } from 'node:net';

/** RFC 9110 section 9.2.1: requests that ask for nothing to change. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** One connection's requests: how many run, whether one of them may change something, who waits. */
interface Line {
  running: number;
  unsafe: boolean;
  waiting: { safe: boolean; start: () => void }[];
  /** The connection closes after the requests running now: nothing else starts, nothing waits. */
  closed: boolean;
  /** Its parser stopped: no request arrives any more; those parsed before still run, in order. */
  finished: boolean;
  /** What to do once none runs or waits any more, on a finished connection (only the first given). */
  whenDone: (() => void) | null;
}

const LINE = Symbol('pipelinedRequests');
type LinedSocket = Socket & { [LINE]?: Line };

function lineOf(socket: Socket): Line {
  return ((socket as LinedSocket)[LINE] ??= {
    running: 0,
    unsafe: false,
    waiting: [],
    closed: false,
    finished: false,
    whenDone: null,
  });
}

/**
 * The order of pipelined requests (RFC 9112 section 9.3.2: a server may process pipelined requests
 * in parallel only when they are all safe). Node hands every request of a connection to the server
 * as soon as it is parsed, so a pipelined `POST /v1/operations` and the approve or read behind it
 * ran at once, and the second could miss what the first recorded. A request that may change
 * something now starts only once the requests before it on its connection have been answered, and
 * the requests after it wait for its answer; safe requests next to safe ones still run together.
 * A connection with one request at a time (keep-alive without pipelining) never waits. Nothing
 * starts on a connection that is closing (`closeLine`), or that its client closed: its answer
 * could not be sent (RFC 9112 section 9.6), and a command must not run unanswered.
 */
export function admitInOrder(socket: Socket, method: string, start: () => void): void {
  const line = lineOf(socket);
  if (line.closed || line.finished || socket.destroyed) return;
  const safe = SAFE_METHODS.has(method);
  if (line.running === 0 || (safe && !line.unsafe && line.waiting.length === 0)) {
    line.running++;
    if (!safe) line.unsafe = true;
    start();
    return;
  }
  line.waiting.push({ safe, start });
}

/**
 * A request admitted on `socket` was answered: the next in line may start, unless that answer
 * closes the connection (`keepAlive` false) or the client has gone.
 */
export function answeredInOrder(socket: Socket, keepAlive: boolean): void {
  const line = (socket as LinedSocket)[LINE];
  if (line === undefined || line.running === 0) return;
  if (!keepAlive || socket.destroyed) closeLine(socket);
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
  done(line);
}

/**
 * The connection closes after the requests running on it now are answered (an answer that closes
 * it, a client gone): none waiting or arriving starts, since no answer could follow.
 */
export function closeLine(socket: Socket): void {
  const line = lineOf(socket);
  line.closed = true;
  line.waiting.length = 0;
  done(line);
}

/**
 * The connection's parser stopped at bytes it refused: the requests parsed before them still run
 * and are answered, in order; then `then` (the refusal), at once if none runs or waits.
 */
export function finishLine(socket: Socket, then: () => void): void {
  const line = lineOf(socket);
  if (line.finished) return;
  line.finished = true;
  line.whenDone = then;
  done(line);
}

function done(line: Line): void {
  if (line.running > 0 || line.waiting.length > 0 || line.whenDone === null) return;
  const then = line.whenDone;
  line.whenDone = null;
  then();
}
