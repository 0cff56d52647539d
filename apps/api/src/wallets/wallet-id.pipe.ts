import { Injectable, type PipeTransform } from '@nestjs/common';
import { parseNumericId, ValidationFailed } from '@vetted/kernel';
import { WALLET_ID_MESSAGE } from '../http/body-integer';

@Injectable()
export class WalletIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = parseNumericId(value);
    if (id === null) throw ValidationFailed.field('id', WALLET_ID_MESSAGE);
    return id;
  }
}
