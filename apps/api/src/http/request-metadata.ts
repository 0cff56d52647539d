import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { EventMetadata } from '@vetted/event-store';
import type { AuthenticatedRequest } from './auth';

export type RequestMetadata = EventMetadata & { requestId: string };

/** The metadata every event appended for this request carries: who asked, and which request it was. */
export const requestMetadata = createParamDecorator(
  (_: unknown, context: ExecutionContext): RequestMetadata => {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const metadata: RequestMetadata = { requestId: request.id, correlationId: request.id, schemaVersion: 1 };
    if (request.principal) metadata.userId = request.principal.userId;
    return metadata;
  },
);
