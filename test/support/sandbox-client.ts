import { randomUUID } from 'node:crypto';
import type { Clock } from '@vetted/kernel';
import { SANDBOX } from '@vetted/platform';
import { type Sandbox, USDC_ADDRESSES } from '@vetted/sandbox';
import { bearer, startTestApp, type TestApp } from './test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonObject = Record<string, any>;

const TERMINAL = ['done', 'failed', 'failed_before_effect', 'dismissed', 'canceled'];

export const SANDBOX_ADMIN = 'test-sandbox-admin-token';
const adminHeader = { 'x-sandbox-admin': SANDBOX_ADMIN };

export type Balance = { network: string; token: string | null; amountRaw: string; usdValue: string | null };

/** The raw amount of one asset among a wallet's balances (0 when it holds none). */
export const amountOf = (held: Balance[], network: string, token: string | null): bigint =>
  BigInt(held.find((b) => b.network === network && b.token === token)?.amountRaw ?? '0');

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

  /** The app's own sandbox world, for what the tests check beside the API (balances, allowances). */
  get sandbox(): Sandbox {
    return this.app.app.get<Sandbox>(SANDBOX);
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

  /** The caller's own feed entries of one kind (`scope=mine`), newest first, at most 100. */
  async myFeed(token: string, kind: string): Promise<JsonObject[]> {
    const res = await this.app.request({
      method: 'GET',
      url: `/v1/activity/feed?scope=mine&kinds=${kind}&limit=100`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return res.json().entries;
  }

  /** `GET /v1/activity/operation` for one operation, as the caller (the answer, whatever its status). */
  activity(token: string, operationId: string) {
    return this.app.request({
      method: 'GET',
      url: `/v1/activity/operation?operationId=${operationId}`,
      headers: bearer(token),
    });
  }

  /** A new user whose EVM wallet holds 1 ETH (gas) and 100 USDC on base. */
  async fundedEvm() {
    const user = await this.app.signUp();
    const evm = user.wallets.find((w) => w.family === 'evm')!;
    await this.faucet(user.token, evm.id, 'base', null, '1');
    await this.faucet(user.token, evm.id, 'base', USDC_ADDRESSES.base, '100');
    return { user, evm };
  }

  /** Makes the next sandbox call of `target` misbehave (`mode`), once. */
  async fault(target: string, mode: string): Promise<void> {
    const res = await this.admin('/v1/sandbox/faults', { target, mode, count: 1 });
    expect(res.statusCode).toBe(201);
  }

  async faucet(token: string, walletId: number, network: string, asset: string | null, amount: string) {
    const res = await this.post('/v1/sandbox/faucet', token, { walletId, network, token: asset, amount });
    expect(res.statusCode).toBe(201);
  }

  /** Every balance of the wallet, freshly observed. */
  async balances(token: string, walletId: number): Promise<Balance[]> {
    const wallets = await this.refreshed(token, { walletId });
    return wallets.find((w) => w.id === walletId)!.balances;
  }

  /** Creates, approves and waits for the operation; it must be created 201 awaiting approval. */
  async run(token: string, operation: object): Promise<JsonObject> {
    const created = await this.createOperation(token, operation);
    // The refusal's body, when there is one, says why.
    expect([created.statusCode, created.statusCode === 201 ? null : created.json()]).toEqual([201, null]);
    const op = created.json();
    expect(op.state).toBe('awaitingApproval');
    const approved = await this.post(`/v1/operations/${op.id}/approve`, token);
    expect(approved.statusCode).toBe(200);
    return this.settledOperation(token, op.id);
  }

  createOperation(token: string, operation: object, idempotencyKey: string = randomUUID()) {
    return this.post('/v1/operations', token, { idempotencyKey, operation });
  }

  /** With `minPosition`, as read-your-writes: once the read model has passed that event. */
  getOperation(token: string, id: string, minPosition?: string) {
    const query = minPosition === undefined ? '' : `?minPosition=${minPosition}`;
    return this.app.request({ method: 'GET', url: `/v1/operations/${id}${query}`, headers: bearer(token) });
  }
  /** The operation's whole audit timeline, oldest first, walked page by page (`limit` per page). */
  async timeline(
    token: string,
    id: string,
    limit = 50,
  ): Promise<{ type: string; data: JsonObject; position: string }[]> {
    const entries: { type: string; data: JsonObject; position: string }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? `limit=${limit}` : `limit=${limit}&cursor=${cursor}`;
      const page = await this.app.request({
        method: 'GET',
        url: `/v1/operations/${id}/events?${query}`,
        headers: bearer(token),
      });
      expect(page.statusCode).toBe(200);
      entries.push(...page.json().items);
      cursor = page.json().nextCursor;
    } while (cursor !== null);
    return entries;
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
