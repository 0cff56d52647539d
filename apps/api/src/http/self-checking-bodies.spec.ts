import type { ArgumentMetadata } from '@nestjs/common';
import { ValidationFailed } from '@vetted/kernel';
import { CreateOperationBody } from '../operations/operations.dto';
import { EmptyBody } from '../wallets/wallets.dto';
import { RequestValidationPipe } from './validation';

const key = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

/** What a body check refuses: the field paths, sorted (null when it accepts). */
async function refusedPaths(check: () => unknown): Promise<string[] | null> {
  try {
    await check();
    return null;
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    return (error.fields ?? []).map((f) => f.path).sort();
  }
}

describe('CreateOperationBody.checkBody', () => {
  const pipe = new RequestValidationPipe();
  // The class-validator path the decorators describe, which checkBody must agree with.
  const metadata: ArgumentMetadata = { type: 'body', metatype: CreateOperationBody };
  const decorated = (body: unknown) =>
    (pipe as unknown as { inner: RequestValidationPipe }).inner.transform(body, metadata);

  it.each([
    ['Shape A', { idempotencyKey: key, operation: { kind: 'swap' } }],
    ['Shape B', { idempotencyKey: key, intent: { type: 'send' } }],
    ['both shapes (the controller refuses it)', { idempotencyKey: key, operation: {}, intent: {} }],
    ['no request', { idempotencyKey: key }],
    ['an array intent', { idempotencyKey: key, intent: [] }],
    ['a string operation', { idempotencyKey: key, operation: 'swap' }],
    ['a null intent', { idempotencyKey: key, intent: null }],
    ['no key', { operation: {} }],
    ['a key that is no UUID', { idempotencyKey: 'abc', operation: {} }],
    ['a numeric key', { idempotencyKey: 5, intent: {} }],
    ['an unknown field', { idempotencyKey: key, operation: {}, extra: 1 }],
    ['everything wrong', { idempotencyKey: 1, operation: 2, intent: 3, extra: 4 }],
  ])('refuses exactly what the decorators refuse: %s', async (_name, body) => {
    const expected = await refusedPaths(() => decorated(body));
    expect(await refusedPaths(() => CreateOperationBody.checkBody(body as Record<string, unknown>))).toEqual(
      expected,
    );
    expect(await refusedPaths(() => pipe.transform(body, metadata))).toEqual(expected);
  });

  it('keeps the request objects as sent (nothing copied) and answers the DTO', () => {
    const intent = { type: 'send', amount: '1' };
    const checked = CreateOperationBody.checkBody({ idempotencyKey: key, intent });
    expect(checked).toBeInstanceOf(CreateOperationBody);
    expect(checked.intent).toBe(intent);
  });
});

describe('EmptyBody.checkBody', () => {
  const pipe = new RequestValidationPipe();
  const metadata: ArgumentMetadata = { type: 'body', metatype: EmptyBody };
  const decorated = (body: unknown) =>
    (pipe as unknown as { inner: RequestValidationPipe }).inner.transform(body, metadata);

  it.each([
    ['nothing', {}],
    ['one property', { a: 1 }],
    ['several', { a: 1, b: { c: 2 } }],
  ])('refuses exactly what the whitelist refuses: %s', async (_name, body) => {
    const expected = await refusedPaths(() => decorated(body));
    expect(await refusedPaths(() => EmptyBody.checkBody(body as Record<string, unknown>))).toEqual(expected);
    expect(await refusedPaths(() => pipe.transform(body, metadata))).toEqual(expected);
  });
});
