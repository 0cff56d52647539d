import { readFile } from 'node:fs/promises';
import { canonicalJson, uuidV5 } from '@vetted/kernel';

/** What `submit` needs: the API's address, the caller's bearer token, and how to reach it. */
export interface SubmitOptions {
  file: string;
  url: string;
  token: string;
  /** The idempotency key; by default derived from the file's intent, so re-running it is a replay. */
  key?: string;
  http?: (
    url: string,
    init: { method: string; headers: Record<string, string>; body: string },
  ) => Promise<{
    status: number;
    text(): Promise<string>;
  }>;
}

/**
 * `vetted submit --file intent.json`: creates a Shape B operation from a file, as `POST
 * /v1/operations` would. The file holds an intent (`{ "type": "swap", ... }`) or a whole body
 * (`{ "idempotencyKey", "intent" }`, any object naming one of `idempotencyKey`, `intent` or
 * `operation`), which is sent as written, so the API refuses what it would refuse over HTTP (an
 * unknown property, a key that is not a UUID) instead of the CLI dropping it. Without a key (in the
 * file or `--key`), the key is a UUIDv5 of the intent's canonical JSON: submitting the same file
 * again returns the same operation instead of creating another.
 * Prints the answer; exit 0 for a created or replayed operation, 1 for a refusal, 66 for a file
 * that cannot be read, 65 for one that holds no JSON object and 69 when the API cannot be reached
 * (sysexits), nothing sent.
 */
export async function submit(options: SubmitOptions): Promise<number> {
  let text: string;
  try {
    text = await readFile(options.file, 'utf8');
  } catch (error) {
    console.error(`cannot read ${options.file}: ${(error as Error).message}`);
    return 66;
  }
  const parsed = parseObject(text);
  if (parsed === null) {
    console.error(`${options.file} does not hold a JSON object (an intent, or { idempotencyKey, intent })`);
    return 65;
  }
  const whole = ENVELOPE_KEYS.some((key) => key in parsed);
  // The parsed file itself, not a copy: copying would take a `__proto__` key for the prototype
  // and drop it, where the API refuses it.
  const body: Record<string, unknown> = whole ? parsed : { intent: parsed };
  if (options.key !== undefined) body.idempotencyKey = options.key;
  else if (!('idempotencyKey' in body))
    body.idempotencyKey = uuidV5(`cli-submit:${canonicalJson(body.intent ?? body.operation ?? null)}`);
  const idempotencyKey = String(body.idempotencyKey);
  const http = options.http ?? fetch;
  const endpoint = `${options.url.replace(/\/$/, '')}/v1/operations`;
  let response: Awaited<ReturnType<typeof http>>;
  try {
    response = await http(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
      body: JSON.stringify(body),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    console.error(
      `cannot reach ${endpoint}: ${(error as Error).message}${cause ? ` (${cause})` : ''}; is the API running there? (--url or VETTED_URL)`,
    );
    return 69;
  }
  const answer = await response.text();
  console.log(answer);
  if (response.status === 200)
    console.error(`replayed: operation already created with key ${idempotencyKey}`);
  return response.status === 200 || response.status === 201 ? 0 : 1;
}

/** A file naming one of these holds a whole request body, not a bare intent. */
const ENVELOPE_KEYS = ['idempotencyKey', 'intent', 'operation'];

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
