import { randomUUID } from 'node:crypto';
import type { Clock } from '@vetted/kernel';
import { bearer, startTestApp, type TestApp } from './test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonObject = Record<string, any>;

const TERMINAL = ['done', 'failed', 'failed_before_effect', 'dismissed', 'canceled'];

export const SANDBOX_ADMIN = 'test-sandbox-admin-token';
const adminHeader = { 'x-sandbox-admin': SANDBOX_ADMIN };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type WalletJson = { id: number; refresh: { status: string }; [field: string]: any };

/** A test app with a known sandbox admin token, and the calls the sandbox tests share. */
export class SandboxTestClient {
  private constructor(public app: TestApp) {}

  static async start(env: Record<string, string> = {}, clock?: Clock): Promise<SandboxTestClient> {
    return new SandboxTestClient(
      await startTestApp({ env: { SANDBOX_ADMIN_TOKEN: SANDBOX_ADMIN, ...env }, clock }),
    );
  }

  async restart(): Promise<void> {
    this.app = await this.app.restart();
  }

  post(url: string, token: string | null, payload?: object, headers: Record<string, string> = {}) {
    return this.app.request({
      method: 'POST',
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      payload,
    });
  }

  /** A sandbox admin call: no bearer token, the admin header. */
  admin(url: string, payload?: object) {
    return this.post(url, null, payload, adminHeader);
  }

  async wallets(token: string, archived = false): Promise<WalletJson[]> {
    const url = `/v1/wallets/list${archived ? '?archived=true' : ''}`;
    return (await this.app.request({ method: 'GET', url, headers: bearer(token) })).json();
  }

  /** The observation is made by a process manager: waits until every refreshed wallet reports it. */
  async refreshed(token: string, body: object = {}): Promise<WalletJson[]> {
    const res = await this.post('/v1/wallets/refresh', token, body);
    expect(res.statusCode).toBe(202);
    const ids: number[] = res.json().walletIds;
    for (let i = 0; i < 200; i++) {
      const list = await this.wallets(token);
      if (ids.every((id) => list.find((w) => w.id === id)?.refresh.status === 'observed')) return list;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('observation did not complete');
  }

  createOperation(token: string, operation: object, idempotencyKey: string = randomUUID()) {
    return this.post('/v1/operations', token, { idempotencyKey, operation });
  }

  getOperation(token: string, id: string) {
    return this.app.request({ method: 'GET', url: `/v1/operations/${id}`, headers: bearer(token) });
  }
  async timeline(token: string, id: string): Promise<{ type: string; data: JsonObject }[]> {
    return (
      await this.app.request({ method: 'GET', url: `/v1/operations/${id}/events`, headers: bearer(token) })
    ).json();
  }

  /** Polls the operation every 20 ms until it is terminal (10 s at most); `whileWorking` runs between polls. */
  async settledOperation(
    token: string,
    id: string,
    whileWorking: () => Promise<void> = async () => {},
  ): Promise<JsonObject> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const op = (await this.getOperation(token, id)).json();
      if (TERMINAL.includes(op.state)) return op;
      if (op.state === 'working') await whileWorking();
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`operation ${id} did not reach a terminal state within 10 s`);
  }
}
