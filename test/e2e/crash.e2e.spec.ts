/**
 * Crash safety of execution, end to end: the API, compiled from the current sources, runs as a
 * real child process, is killed with SIGKILL while an approved operation executes, and is started
 * again on the same data directory. The operation must reach `done`, the money must move exactly
 * once, and the audit timeline, the receipts and (when the endpoint exists) the activity item must
 * be whole.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type ApiBuild,
  type ApiChild,
  buildApi,
  freePort,
  HttpClient,
  type JsonResponse,
  REPO_ROOT,
  sleep,
  startApiChild,
} from '../support/child-api';

const SANDBOX_ADMIN = 'crash-e2e-sandbox-admin-token';
/** Long enough for a submitted leg to stay pending while the process is killed. */
const BLOCK_TIME_MS = 3000;
const TERMINAL = ['done', 'failed', 'dismissed', 'canceled'];
const SETTLED_TIMELINE = [
  'OperationCreated',
  'OperationApproved',
  'LegSubmitted',
  'LegSettled',
  'OperationSucceeded',
];

/** An operation executed across a crash, for the activity check. */
interface Executed {
  user: Funded;
  id: string;
  hash: string;
}

interface Funded {
  token: string;
  payer: { id: number; address: string };
  recipient: { id: number; address: string };
}

describe('crash safety: SIGKILL during execution, restart on the same data directory', () => {
  let build: ApiBuild | null = null;
  let dataDir: string | null = null;
  let port: number;
  let child: ApiChild | null = null;
  let http: HttpClient;
  let usdc: string;
  const executed: Executed[] = [];

  const start = async (): Promise<void> => {
    child = await startApiChild({
      main: build!.main,
      dataDir: dataDir!,
      port,
      env: {
        LOG_LEVEL: 'warn',
        SANDBOX_ADMIN_TOKEN: SANDBOX_ADMIN,
        SANDBOX_BLOCK_TIME_SECONDS: String(BLOCK_TIME_MS / 1000),
      },
    });
    http = new HttpClient(child.url);
  };

  /** SIGKILL: no shutdown hook, no checkpoint flush, nothing graceful. */
  const crash = async (): Promise<number> => {
    const running = child!;
    const killedAt = Date.now();
    expect(await running.kill()).toBe('SIGKILL');
    child = null;
    return killedAt;
  };

  beforeAll(async () => {
    build = buildApi();
    dataDir = mkdtempSync(path.join(tmpdir(), 'vetted-crash-e2e-'));
    port = await freePort();
    await start();
    const tokens: JsonResponse = await http.get('/v1/sandbox/tokens');
    expect(tokens.status).toBe(200);
    usdc = tokens.body.find(
      (t: { network: string; symbol: string }) => t.network === 'base' && t.symbol === 'USDC',
    ).token;
  }, 60_000);

  afterAll(async () => {
    await child?.kill();
    child = null;
    for (const dir of [dataDir, build?.root]) if (dir) rmSync(dir, { recursive: true, force: true });
  }, 15_000);

  const ok = (res: JsonResponse, status: number): JsonResponse => {
    if (res.status !== status)
      throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
    return res;
  };

  /** A new user whose EVM wallet holds gas and 100 USDC on base, and a second wallet of theirs. */
  async function funded(): Promise<Funded> {
    const username = `crash_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const signup = ok(await http.post('/v1/auth/signup', null, { username }), 201).body;
    const token: string = signup.token;
    const payer = signup.wallets.find((w: { family: string }) => w.family === 'evm');
    const faucet = (tokenAddress: string | null, amount: string) =>
      http.post('/v1/sandbox/faucet', token, {
        walletId: payer.id,
        network: 'base',
        token: tokenAddress,
        amount,
      });
    ok(await faucet(null, '1'), 201);
    ok(await faucet(usdc, '100'), 201);
    const recipient = ok(await http.post('/v1/wallets', token, { family: 'evm' }), 201).body;
    return { token, payer, recipient };
  }

  /** A `send` of 7 USDC from the payer to the recipient, created (quoted) but not approved. */
  async function createSend({ token, payer, recipient }: Funded): Promise<string> {
    const created = await http.post('/v1/operations', token, {
      idempotencyKey: randomUUID(),
      operation: {
        kind: 'send',
        walletId: payer.id,
        sendIntent: { token: { network: 'base', token: usdc }, amount: '7', to: { walletId: recipient.id } },
      },
    });
    const op = ok(created, 201).body;
    expect(op.state).toBe('awaitingApproval');
    return op.id;
  }

  const timeline = async (token: string, id: string): Promise<string[]> =>
    ok(await http.get(`/v1/operations/${id}/events?limit=100`, token), 200).body.items.map(
      (e: { type: string }) => e.type,
    );

  async function terminal(token: string, id: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    let op = null;
    while (Date.now() < deadline) {
      op = ok(await http.get(`/v1/operations/${id}`, token), 200).body;
      if (TERMINAL.includes(op.state)) return op;
      await sleep(50);
    }
    throw new Error(
      `operation ${id} did not reach a terminal state after the restart: ${JSON.stringify(op)}\n` +
        `timeline: ${(await timeline(token, id)).join(', ')}`,
    );
  }

  /** Observes every wallet of the user (the observation is a process manager) and returns the list. */
  async function refreshedWallets(token: string) {
    const queued = ok(await http.post('/v1/wallets/refresh', token, {}), 202).body;
    const ids: number[] = queued.walletIds;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const list = ok(await http.get('/v1/wallets/list', token), 200).body;
      if (ids.every((id) => list.find((w: { id: number }) => w.id === id)?.refresh.status === 'observed'))
        return list;
      await sleep(25);
    }
    throw new Error('the wallet observation did not complete');
  }

  const usdcRaw = (
    list: { id: number; balances: { network: string; token: string | null; amountRaw: string }[] }[],
    walletId: number,
  ) =>
    list
      .find((w) => w.id === walletId)!
      .balances.find((b) => b.network === 'base' && b.token?.toLowerCase() === usdc.toLowerCase())
      ?.amountRaw ?? '0';

  /** Everything "exactly once" means, checked after the restart. */
  async function expectExecutedOnce(user: Funded, id: string) {
    const op = await terminal(user.token, id);
    const events = await timeline(user.token, id);
    expect({ state: op.state, events }).toEqual({ state: 'done', events: SETTLED_TIMELINE });
    expect(events.filter((type) => type === 'LegSubmitted')).toHaveLength(1);
    expect(events.filter((type) => type === 'LegSettled')).toHaveLength(1);
    expect(op).toMatchObject({
      progress: { completed: 1, total: 1 },
      result: { txHashes: [expect.any(String)], fills: [] },
    });
    expect(op.txs).toHaveLength(1);
    expect(op.txs[0]).toMatchObject({ network: 'base', status: 'success' });

    const wallets = await refreshedWallets(user.token);
    expect({
      recipient: usdcRaw(wallets, user.recipient.id),
      payer: usdcRaw(wallets, user.payer.id),
    }).toEqual({
      recipient: '7000000',
      payer: '93000000',
    });

    const tx = ok(
      await http.get(`/v1/sandbox/explorer/tx/${op.txs[0].hash}`, null, { accept: 'application/json' }),
      200,
    ).body;
    expect(tx.status).toBe('success');
    const value = tx.transfers.filter((t: { purpose: string }) => t.purpose === 'value');
    expect(value).toEqual([expect.objectContaining({ symbol: 'USDC', amountRaw: '7000000', amount: '7' })]);
    expect(value[0].from.toLowerCase()).toBe(user.payer.address.toLowerCase());
    expect(value[0].to.toLowerCase()).toBe(user.recipient.address.toLowerCase());

    return { op, tx };
  }

  /** The operation's activity item: whole, exactly once, after the crash. */
  async function expectWholeActivityItem({ user, id, hash }: Executed) {
    const res = await http.get(`/v1/activity/operation?operationId=${id}`, user.token);
    expect(res.status).toBe(200);
    const item = res.body;
    expect(item.action).toEqual(expect.any(String));
    expect(item.title).toContain('USDC');
    expect(item.isSuccess).toBe(true);
    expect(item.transactionHash).toBe(hash);
    const usdcChanges = item.assetChanges
      .filter((c: { asset: { symbol: string } }) => c.asset.symbol === 'USDC')
      .map((c: { walletAddress: string; amount: string }) => ({
        wallet: c.walletAddress.toLowerCase(),
        amount: c.amount,
      }));
    expect(usdcChanges).toEqual(
      expect.arrayContaining([
        { wallet: user.payer.address.toLowerCase(), amount: '-7' },
        { wallet: user.recipient.address.toLowerCase(), amount: '7' },
      ]),
    );
    expect(usdcChanges).toHaveLength(2);
  }

  it('killed while a submitted leg is pending: resumes, reconciles by submission id, moves the money once', async () => {
    const user = await funded();
    const id = await createSend(user);
    // Approve just after a block boundary, so the leg stays pending for most of a block.
    const phase = Date.now() % BLOCK_TIME_MS;
    if (phase > 300) await sleep(BLOCK_TIME_MS - phase + 20);
    const approved = ok(await http.post(`/v1/operations/${id}/approve`, user.token, {}), 200).body;
    expect(approved.state).toBe('working');

    let seen: string[] = [];
    const deadline = Date.now() + 5000;
    while (!seen.includes('LegSubmitted') && Date.now() < deadline) {
      seen = await timeline(user.token, id);
      if (seen.includes('LegSettled') || seen.includes('OperationSucceeded'))
        throw new Error(`the leg settled before the kill: ${seen.join(', ')}`);
      if (!seen.includes('LegSubmitted')) await sleep(10);
    }
    expect(seen).toContain('LegSubmitted');
    const killedAt = await crash();

    await start();
    const { tx } = await expectExecutedOnce(user, id);
    executed.push({ user, id, hash: tx.hash });
    // The kill came before the leg's block: execution was interrupted, not merely finished late.
    expect(killedAt).toBeLessThan(Date.parse(tx.timestamp));
    const submittedBeforeKill = Date.parse(tx.submittedAt) <= killedAt;
    console.log(
      `crash point: LegSubmitted recorded, ${
        submittedBeforeKill ? 'submission pending in the sandbox' : 'not yet submitted to the sandbox'
      } (killed ${killedAt - Date.parse(tx.submittedAt)} ms after submission, ${
        Date.parse(tx.timestamp) - killedAt
      } ms before its block)`,
    );
  }, 60_000);

  it('killed while a leg is pending: its 30 s deadline counts from its submission, not from the restart', async () => {
    const user = await funded();
    const id = await createSend(user);
    // The submission lands an hour later: the leg is pending past its deadline.
    ok(
      await http.post(
        '/v1/sandbox/faults',
        null,
        { target: 'submission', mode: 'timeout', count: 1, landAfterSeconds: 3600 },
        { 'x-sandbox-admin': SANDBOX_ADMIN },
      ),
      201,
    );
    ok(await http.post(`/v1/operations/${id}/approve`, user.token, {}), 200);
    await sleep(1000);
    await crash();
    // Down for a while: counted from the restart, the deadline would come that much later.
    await sleep(6000);
    await start();
    const failed = await terminal(user.token, id, 45_000);
    expect(failed).toMatchObject({ state: 'failed', errorCode: 'LIFECYCLE_TIMEOUT' });
    const events: { type: string; data: { at: string } }[] = ok(
      await http.get(`/v1/operations/${id}/events?limit=100`, user.token),
      200,
    ).body.items;
    const at = (type: string) => Date.parse(events.find((e) => e.type === type)!.data.at);
    // The leg was submitted with the approval; 30 s after it (not about 37), the leg fails.
    expect(at('LegFailed') - at('OperationApproved')).toBeGreaterThanOrEqual(30_000);
    expect(at('LegFailed') - at('OperationApproved')).toBeLessThan(34_000);
  }, 90_000);

  it('killed right after approval returns: the executor picks the approval up again after the restart', async () => {
    const user = await funded();
    const id = await createSend(user);
    const approved = ok(await http.post(`/v1/operations/${id}/approve`, user.token, {}), 200).body;
    expect(['working', 'done']).toContain(approved.state);
    const killedAt = await crash();

    await start();
    const { tx } = await expectExecutedOnce(user, id);
    executed.push({ user, id, hash: tx.hash });
    console.log(
      `crash point: right after approval; the leg was submitted ${
        Date.parse(tx.submittedAt) <= killedAt ? 'before the kill' : 'only after the restart'
      }`,
    );
  }, 60_000);

  it('refuses a second API on the same data directory or port (exit 78), and the first goes on', async () => {
    const second = spawnSync(process.execPath, [build!.main], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir!,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status).toBe(78);
    expect(second.stderr).toContain(`DATA_DIR ${dataDir}: another process already runs the sandbox`);
    // Its own DATA_DIR, but the first one's port: named as a setting, not a stack trace.
    const otherDir = mkdtempSync(path.join(tmpdir(), 'vetted-crash-e2e-port-'));
    try {
      const samePort = spawnSync(process.execPath, [build!.main], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: otherDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(samePort.status).toBe(78);
      expect(samePort.stderr).toContain(`cannot listen on 127.0.0.1:${port}: PORT ${port} is already in use`);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
    const user = await funded();
    const id = await createSend(user);
    ok(await http.post(`/v1/operations/${id}/approve`, user.token, {}), 200);
    await expectExecutedOnce(user, id);
  }, 60_000);

  it('leaves a whole activity item for each operation executed across a crash', async () => {
    expect(executed.length).toBe(2);
    for (const operation of executed) await expectWholeActivityItem(operation);
  });
});
