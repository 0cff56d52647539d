import { ValidationPipe } from '@nestjs/common';
import { CreateOperationBody } from '../operations/operations.dto';
import { RequestValidationPipe } from './validation';

describe('RequestValidationPipe', () => {
  it("hands a custom decorator's value on as it is, at once, as ValidationPipe would after its async call", async () => {
    const pipe = new RequestValidationPipe();
    const principal = { userId: 'u-1', username: 'alice', permits: [] };
    const metadata = { type: 'custom', metatype: CreateOperationBody } as const;
    const answer = pipe.transform(principal, metadata);
    expect(answer).toBe(principal);
    expect(
      await new ValidationPipe({ whitelist: true, transform: true }).transform(principal, metadata),
    ).toBe(principal);
  });
});
