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

/** What any request can be answered before its route runs: headers too large, or the service closing. */
const ANY_REQUEST: Record<number, string> = {
  431: 'HEADERS_TOO_LARGE: the request headers exceed 16 KiB',
  503: 'SHUTTING_DOWN: the service is closing; retry the request',
};

/**
 * Documents the error responses of an endpoint; `overrides` replaces a status's description. Every
 * endpoint also lists what any request can be answered (431, 503 while shutting down).
 */
export function ApiErrors(statuses: number[], overrides: Record<number, string> = {}) {
  const described = new Map<number, string>();
  for (const status of statuses) described.set(status, overrides[status] ?? DESCRIPTIONS[status]);
  for (const [status, text] of Object.entries(ANY_REQUEST)) {
    const own = described.get(Number(status));
    described.set(Number(status), own === undefined ? text : `${own}; or ${text}`);
  }
  return applyDecorators(
    ...[...described].map(([status, description]) => ApiResponse({ status, type: ErrorBody, description })),
  );
}

/** The errors any endpoint taking a JSON body can answer before its own rules. */
export const BODY_ERRORS = [400, 413, 415];
