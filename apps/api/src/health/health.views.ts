import { ApiProperty } from '@nestjs/swagger';

export class LivenessView {
  @ApiProperty({ enum: ['ok'], example: 'ok' }) status!: 'ok';
}

export class ReadinessChecksView {
  @ApiProperty({ example: true }) eventStore!: boolean;
  @ApiProperty({ example: true }) readStore!: boolean;
}

export class CheckpointView {
  @ApiProperty({ example: 'operations@v3' }) name!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '1042',
    description: 'Position; null before any event',
  })
  checkpoint!: string | null;
}

/** `ProjectionService.report()`. */
export class ProjectionsReportView {
  @ApiProperty({ example: true }) running!: boolean;
  @ApiProperty({
    nullable: true,
    type: Boolean,
    example: null,
    description:
      'Scaled out: whether this process holds the projections lease; null for the in-process store',
  })
  leaseOwner!: boolean | null;
  @ApiProperty({ nullable: true, type: String, example: null }) failure!: string | null;
  @ApiProperty({ nullable: true, type: String, example: '1042', description: 'The event store head' })
  head!: string | null;
  @ApiProperty({ type: [CheckpointView] }) projections!: CheckpointView[];
}

/** `ProcessManagerService.report()`. */
export class ProcessManagersReportView {
  @ApiProperty({ example: true }) running!: boolean;
  @ApiProperty({ nullable: true, type: String, example: null }) failure!: string | null;
  @ApiProperty({ type: [CheckpointView] }) managers!: CheckpointView[];
}

/** GET /health/ready: the same body with 200 (`ready`) and 503 (`not_ready`). */
export class ReadinessView {
  @ApiProperty({ enum: ['ready', 'not_ready'], example: 'ready' }) status!: 'ready' | 'not_ready';
  @ApiProperty({ type: ReadinessChecksView }) checks!: ReadinessChecksView;
  @ApiProperty({ type: ProjectionsReportView }) projections!: ProjectionsReportView;
  @ApiProperty({ type: ProcessManagersReportView }) processManagers!: ProcessManagersReportView;
}
