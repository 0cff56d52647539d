import { Injectable, type PipeTransform } from '@nestjs/common';
import { parseNumericId, ValidationFailed } from '@vetted/kernel';

@Injectable()
export class WalletIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = parseNumericId(value);
    if (id === null) throw ValidationFailed.field('id', 'must be a wallet id (a positive whole number)');
    return id;
  }
}
