import { Injectable } from '@nestjs/common';
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

  /** Whether a request is a GET asking to wait for a position. */
  wantsPosition(request: FastifyRequest): boolean {
    const query = request.query as Record<string, unknown> | undefined;
    // Every GET under /v1 documents it (HEAD is a GET without the body); elsewhere (health, metrics,
    // the document) it is an unknown parameter, refused, not a wait.
    return (
      typeof query === 'object' &&
      query !== null &&
      'minPosition' in query &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      request.routeOptions.url?.startsWith('/v1/') === true
    );
  }

  /** Honours `minPosition` before the route sees the query (and removes it from the query). */
  async beforeRead(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const query = request.query as Record<string, unknown>;
    const text = query.minPosition;
    delete query.minPosition;
    const wanted = typeof text === 'string' ? parsePosition(text) : null;
    if (wanted === null)
      throw ValidationFailed.field('minPosition', 'must be an event position from X-Event-Position');
    await this.projections.waitFor(wanted);
    const at = await this.projections.position();
    if (at !== null) void reply.header(EVENT_POSITION_HEADER, formatPosition(at));
  }
}
