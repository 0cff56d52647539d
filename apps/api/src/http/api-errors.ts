import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorBody } from './error-body';

const DESCRIPTIONS: Record<number, string> = {
  400: 'VALIDATION_FAILED (with `fields`), MALFORMED_JSON, or another 400 code of the endpoint',
  401: 'UNAUTHENTICATED: missing, invalid or expired bearer token',
  403: 'PERMIT_REQUIRED: the token lacks the permit, or is a support-readonly view',
  404: "NOT_FOUND: missing, or not the caller's (the two are indistinguishable)",
  409: 'Conflict: see the endpoint for its codes',
  413: 'PAYLOAD_TOO_LARGE: the body exceeds the limit (64 KiB by default)',
  415: 'UNSUPPORTED_MEDIA_TYPE: the body is not application/json',
  502: 'An upstream venue failed; the body carries its error',
  503: 'A dependency did not answer; nothing was recorded',
};

/**
 * Documents the error responses of an endpoint; `overrides` replaces a status's description.
 * What any request can be answered is added to every endpoint by `completeDocument`.
 */
export function ApiErrors(statuses: number[], overrides: Record<number, string> = {}) {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, type: ErrorBody, description: overrides[status] ?? DESCRIPTIONS[status] }),
    ),
  );
}

/** The errors any endpoint taking a JSON body can answer before its own rules. */
export const BODY_ERRORS = [400, 413, 415];
