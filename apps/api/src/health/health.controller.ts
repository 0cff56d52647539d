import { Controller, Get, Header, HttpStatus, Inject, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { EventStore } from '@vetted/event-store';
import { EVENT_STORE } from '@vetted/event-store';
import { Metrics, ProcessManagerService, ProjectionService } from '@vetted/platform';
import type { ReadStore } from '@vetted/read-store';
import { READ_STORE } from '@vetted/read-store';
import type { FastifyReply } from 'fastify';
import { Public } from '../http/auth';
import { ErrorBody } from '../http/error-body';
import { LivenessView, ReadinessView } from './health.views';

@ApiTags('operations of the service')
@ApiExtraModels(ReadinessView, ErrorBody)
@Controller()
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly projections: ProjectionService,
    private readonly processManagers: ProcessManagerService,
    private readonly metrics: Metrics,
  ) {}

  @Get('health/live')
  @Public()
  @ApiOperation({ summary: 'Liveness: the process serves HTTP' })
  @ApiResponse({ status: 200, type: LivenessView })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('health/ready')
  @Public()
  @ApiOperation({
    summary: 'Readiness: event store, read store, projectors and process managers; 503 when any is not ready',
  })
  @ApiResponse({ status: 200, type: ReadinessView, description: 'Ready: `status: ready`' })
  @ApiResponse({
    status: 503,
    // While the service shuts down, every request is answered the error body (SHUTTING_DOWN).
    schema: { oneOf: [{ $ref: getSchemaPath(ReadinessView) }, { $ref: getSchemaPath(ErrorBody) }] },
    description:
      'Not ready: the same body with `status: not_ready`, the failing checks false or failures named',
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const [eventStore, readStore, projections] = await Promise.all([
      this.store.headPosition().then(
        () => true,
        () => false,
      ),
      this.readStore.ping().catch(() => false),
      this.projections.report(),
    ]);
    const processManagers = this.processManagers.report();
    const ok = eventStore && readStore && projections.failure === null && processManagers.failure === null;
    void reply.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: ok ? 'ready' : 'not_ready',
      checks: { eventStore, readStore },
      projections,
      processManagers,
    };
  }

  @Get('metrics')
  @Public()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  @ApiOperation({
    summary: 'Prometheus metrics: request latency, command outcomes, projection lag and checkpoints',
  })
  @ApiProduces('text/plain')
  metricsText(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
