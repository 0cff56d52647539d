import { ServiceError } from '@vetted/kernel';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodeOf, sendError } from './error-filter';

/** How a failed request is logged: an intended 5xx as a warning, an unexpected error with its stack. */
describe('sendError', () => {
  function answer(error: unknown) {
    const log = { warn: jest.fn(), error: jest.fn() };
    const request = { id: 'req-1', log } as unknown as FastifyRequest;
    const sent: { status?: number; body?: unknown } = {};
    const reply = {
      status(code: number) {
        sent.status = code;
        return this;
      },
      header() {
        return this;
      },
      send(body: unknown) {
        sent.body = body;
        return this;
      },
    } as unknown as FastifyReply;
    sendError(error, request, reply);
    return { log, sent, code: errorCodeOf(request) };
  }

  it('logs a 5xx the service means to give as a warning with its code, without the stack', () => {
    const { log, sent, code } = answer(
      new ServiceError(503, 'QUOTE_UNAVAILABLE', 'the quote source did not answer'),
    );
    expect(sent.status).toBe(503);
    expect(code).toBe('QUOTE_UNAVAILABLE');
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(
      { requestId: 'req-1', code: 'QUOTE_UNAVAILABLE' },
      'request failed: the quote source did not answer',
    );
  });

  it('logs an unexpected error as an error with the error itself, and answers a bare 500', () => {
    const failure = new TypeError('boom');
    const { log, sent } = answer(failure);
    expect(sent.status).toBe(500);
    expect(log.error).toHaveBeenCalledWith({ requestId: 'req-1', err: failure }, 'request failed');
    expect(JSON.stringify(sent.body)).not.toContain('boom');
  });

  it('logs nothing for a 4xx', () => {
    const { log, sent } = answer(new ServiceError(400, 'VALIDATION_FAILED', 'bad'));
    expect(sent.status).toBe(400);
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });
});
