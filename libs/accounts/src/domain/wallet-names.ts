import { ValidationFailed } from '@vetted/kernel';
import type { WalletFamily } from './events';

/** The prediction venue's display name; its deposit wallets read as `Predict - <EVM wallet name>`. */
export const PREDICTION_VENUE_DISPLAY_NAME = 'Predict';
export const DEPOSIT_WALLET_PREFIX = `${PREDICTION_VENUE_DISPLAY_NAME} - `;
export const MAX_WALLET_NAME_LENGTH = 64;

export const SIGNUP_WALLET_NAMES: Record<WalletFamily, string> = {
  evm: 'Your EVM Wallet',
  solana: 'Your Solana Wallet',
};

const FAMILY_LABEL: Record<WalletFamily, string> = { evm: 'EVM', solana: 'Solana' };

/**
 * What reads as nothing: format characters (zero-width spaces and joiners, direction marks) and
 * every other default-ignorable code point (variation selectors, the combining grapheme joiner,
 * Hangul fillers), which fonts draw as nothing too.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** C0 and C1 controls and DEL. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Half of a surrogate pair without its other half: not a character, and no strict JSON decoder takes it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Names compare case-insensitively, and as they read: compatibility forms folded (NFKC: a
 * no-break or ideographic space is a space, fullwidth letters are letters), runs of white space
 * as one space, invisible characters (`INVISIBLE`) left out. So neither
 * uniqueness nor the deposit-wallet prefix can be passed with a name that only looks the same.
 */
export const nameKey = (name: string): string =>
  name.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').toLowerCase();

/**
 * A regular wallet name as stored: trimmed, non-empty (as it reads: invisible characters alone are
 * empty), at most MAX_WALLET_NAME_LENGTH characters (code points, as JSON Schema's `maxLength`
 * counts them), and not posing as a deposit wallet.
 */
export function checkWalletName(raw: string, path = 'name'): string {
  const name = raw.trim();
  if (nameKey(name).trim().length === 0) throw ValidationFailed.field(path, 'must not be empty');
  if (codePoints(name) > MAX_WALLET_NAME_LENGTH)
    throw ValidationFailed.field(path, `must be at most ${MAX_WALLET_NAME_LENGTH} characters`);
  if (CONTROL.test(name)) throw ValidationFailed.field(path, 'must not contain control characters');
  if (LONE_SURROGATE.test(name))
    throw ValidationFailed.field(path, 'must not contain a lone surrogate (half of a UTF-16 pair)');
  if (nameKey(name).startsWith(nameKey(DEPOSIT_WALLET_PREFIX)))
    throw ValidationFailed.field(
      path,
      `must not begin with "${DEPOSIT_WALLET_PREFIX}" (reserved for deposit wallets)`,
    );
  return name;
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export interface NamedWallet {
  family: WalletFamily;
  kind: string;
  name: string;
}

/**
 * `EVM N` / `Solana N`, N one more than the count of the family's regular wallets, active and
 * archived. Should that exact name already be taken (a user may have typed it), the next free N.
 */
export function proposedWalletName(family: WalletFamily, wallets: Iterable<NamedWallet>): string {
  const all = [...wallets];
  const taken = new Set(all.map((w) => nameKey(w.name)));
  let n = all.filter((w) => w.family === family && w.kind === 'regular').length + 1;
  while (taken.has(nameKey(`${FAMILY_LABEL[family]} ${n}`))) n++;
  return `${FAMILY_LABEL[family]} ${n}`;
}
