import { type ExecutionContext, Injectable } from '@nestjs/common';
import type { Position } from '@vetted/event-store';
import { comparePositions, formatPosition, parsePosition } from '@vetted/event-store';
import { ValidationFailed } from '@vetted/kernel';
import { ProjectionService } from '@vetted/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const EVENT_POSITION_HEADER = 'x-event-position';

/** The `minPosition` query parameter every GET accepts (`completeDocument` lists it on each). */
export const MIN_POSITION_PARAMETER = {
  name: 'minPosition',
  in: 'query' as const,
  required: false,
  schema: { type: 'string' as const },
  description:
    'Wait (up to 2 s) until the read models have passed this event position, taken from a previous ' +
    "response's X-Event-Position header, so the read sees that write.",
};

/**
 * Read-your-writes: a command waits, bounded, until the read models have passed the position of
 * its last event and reports it in `X-Event-Position`; a GET with `minPosition` waits the same way.
 */
@Injectable()
export class ReadYourWrites {
  constructor(private readonly projections: ProjectionService) {}

  async afterCommand(reply: FastifyReply, position: Position | null): Promise<void> {
    const reached = position ?? (await this.projections.position());
    if (reached === null) return;
    if (position !== null) await this.projections.waitFor(position);
    // A command that wrote to two streams reports the later write, whichever it waited for last.
    const told = reply.getHeader(EVENT_POSITION_HEADER);
    const earlier = typeof told === 'string' ? parsePosition(told) : null;
    if (earlier !== null && comparePositions(earlier, reached) > 0) return;
    void reply.header(EVENT_POSITION_HEADER, formatPosition(reached));
  }

  /**
   * What a command answers with. `read` applies the command's own new events to the read model's
   * document, so it runs at once, beside the wait; a command that changed nothing (a repeat, a
   * concurrent loser) reads once the projections have passed the stream's last event, which may be
   * another writer's not projected yet. `settled`: always read after the wait (a command whose
   * document also needs an earlier write of its own, projected by then).
   */
  async answer<T>(
    reply: FastifyReply,
    outcome: { newEvents: readonly unknown[]; position: Position | null },
    read: () => Promise<T>,
    options: { settled?: boolean } = {},
  ): Promise<T> {
    const waited = this.afterCommand(reply, outcome.position);
    if (outcome.newEvents.length === 0 || options.settled) {
      await waited;
      return read();
    }
    const [value] = await Promise.all([read(), waited]);
    return value;
  }

  /**
   * Takes `minPosition` out of the query of a GET under /v1 before anything reads it (the route's
   * query DTO does not declare it), keeping it for `honour`. Every GET under /v1 documents it (HEAD
   * is a GET without the body); elsewhere (health, metrics, the document) it stays, an unknown
   * parameter, refused rather than waited for.
   */
  holdPosition(request: FastifyRequest): void {
    const query = request.query as Record<string, unknown> | undefined;
    if (
      typeof query !== 'object' ||
      query === null ||
      !('minPosition' in query) ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      request.routeOptions.url?.startsWith('/v1/') !== true
    )
      return;
    (request as HeldRequest)[HELD] = query.minPosition;
    delete query.minPosition;
  }

  /**
   * Waits for a held `minPosition` (400 when it is not a position), once the caller was
   * authenticated and the rest of its query checked: the auth guard asks. Before, the wait came
   * first, so a request without a token waited 2 s for its 401, and a bad position was 400 before
   * the 401 (found by a probe).
   */
  honour(context: ExecutionContext): true | Promise<true> {
    const request = context.switchToHttp().getRequest<HeldRequest>();
    if (!(HELD in request)) return true;
    const text = request[HELD];
    const wanted = typeof text === 'string' ? parsePosition(text) : null;
    if (wanted === null)
      throw ValidationFailed.field('minPosition', 'must be an event position from X-Event-Position');
    return this.readAfter(wanted, context.switchToHttp().getResponse<FastifyReply>()).then(() => true);
  }

  private async readAfter(wanted: Position, reply: FastifyReply): Promise<void> {
    await this.projections.waitFor(wanted);
    const at = await this.projections.position();
    if (at !== null) void reply.header(EVENT_POSITION_HEADER, formatPosition(at));
  }
}

const HELD = Symbol('minPosition');
type HeldRequest = FastifyRequest & { [HELD]?: unknown };
