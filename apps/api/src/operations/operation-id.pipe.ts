import { Injectable, type PipeTransform } from '@nestjs/common';
import { isUuid, ValidationFailed } from '@vetted/kernel';

@Injectable()
export class OperationIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUuid(value)) throw ValidationFailed.field('operationId', 'must be an operation UUID');
    return value.toLowerCase();
  }
}
