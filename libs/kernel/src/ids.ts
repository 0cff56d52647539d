import { hash, randomUUID } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function newId(): string {
  return randomUUID();
}

/** The namespace of every name-based (v5) id this service derives. */
export const VETTED_NAMESPACE = '6f1c7a1e-3c1b-5d8e-9a57-2b0f3c9d4e21';

/** The variant nibble (10xx) for each hex digit the hash put there. */
const VARIANT = '89ab89ab89ab89ab';

/** RFC 4122 version 5 (SHA-1, name-based) UUID: the same name always gives the same id. */
export function uuidV5(name: string, namespace: string = VETTED_NAMESPACE): string {
  // One-shot hash to hex (a third of a Hash object's cost); version 5 and the variant bits are
  // written into the hex digits they occupy.
  const hex = hash('sha1', Buffer.concat([namespaceBytes(namespace), Buffer.from(name, 'utf8')]));
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${VARIANT[parseInt(hex[16], 16)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const namespaces = new Map<string, Buffer>();

/** A namespace's 16 bytes, parsed once (ids are derived on hot paths, from few namespaces). */
function namespaceBytes(namespace: string): Buffer {
  let bytes = namespaces.get(namespace);
  if (bytes === undefined) {
    bytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
    if (namespaces.size < 64) namespaces.set(namespace, bytes);
  }
  return bytes;
}

/** Positive safe integers only: wallet and session ids are numbers allocated from sequence streams. */
export function parseNumericId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}
