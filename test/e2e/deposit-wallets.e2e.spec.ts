import { randomUUID } from 'node:crypto';
import { parseEvmAddress } from '@vetted/kernel';
import { SandboxTestClient } from '../support/sandbox-client';

let c: SandboxTestClient;
beforeAll(async () => {
  c = await SandboxTestClient.start();
});
afterAll(() => c.app.close());

describe('prediction-venue deposit wallets', () => {
  it('deploys once per controller, replays the same key, follows controller renames', async () => {
    const user = await c.app.signUp();
    const [evm, solana] = user.wallets;
    const key = randomUUID();
    const created = await c.post('/v1/predict/deposit-wallets', user.token, {
      controllerWalletId: evm.id,
      idempotencyKey: key,
    });
    expect(created.statusCode).toBe(201);
    const deposit = created.json();
    expect(deposit).toMatchObject({
      name: 'Predict - Your EVM Wallet',
      family: 'evm',
      kind: 'deposit',
      venue: 'predict',
      controllerWalletId: evm.id,
      archived: false,
      deployment: { status: 'deployed', error: null },
    });
    expect(parseEvmAddress(deposit.address)).toBe(deposit.address);
    expect(deposit.address).not.toBe(evm.address);

    const replay = await c.post('/v1/predict/deposit-wallets', user.token, {
      controllerWalletId: evm.id,
      idempotencyKey: key,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(deposit);
    const existing = await c.post('/v1/predict/deposit-wallets', user.token, { controllerWalletId: evm.id });
    expect(existing.statusCode).toBe(200);
    expect(existing.json().id).toBe(deposit.id);

    await c.post(`/v1/wallets/${evm.id}/rename`, user.token, { name: 'Main' });
    const listed = (await c.wallets(user.token)).find((w) => w.id === deposit.id)!;
    expect(listed.name).toBe('Predict - Main');
    const rename = await c.post(`/v1/wallets/${deposit.id}/rename`, user.token, { name: 'Mine' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().error.fields[0].path).toBe('name');

    expect((await c.post('/v1/wallets/refresh', user.token, { walletId: deposit.id })).statusCode).toBe(202);
    expect(
      (await c.post('/v1/predict/deposit-wallets', user.token, { controllerWalletId: solana.id })).statusCode,
    ).toBe(400);
    const stranger = await c.app.signUp();
    expect(
      (await c.post('/v1/predict/deposit-wallets', stranger.token, { controllerWalletId: evm.id }))
        .statusCode,
    ).toBe(404);

    const second = (await c.post('/v1/wallets', user.token, { family: 'evm' })).json();
    const conflict = await c.post('/v1/predict/deposit-wallets', user.token, {
      controllerWalletId: second.id,
      idempotencyKey: key,
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    // Also when the other controller would be refused on its own (missing, or not an EVM wallet).
    for (const controllerWalletId of [999_999, solana.id]) {
      const other = await c.post('/v1/predict/deposit-wallets', user.token, {
        controllerWalletId,
        idempotencyKey: key,
      });
      expect(other.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    }

    // Once the controller is archived, a new request is refused, but the used key still replays.
    expect((await c.post(`/v1/wallets/${evm.id}/archive`, user.token, {})).statusCode).toBe(200);
    const late = await c.post('/v1/predict/deposit-wallets', user.token, {
      controllerWalletId: evm.id,
      idempotencyKey: key,
    });
    expect(late.statusCode).toBe(200);
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(late.json().id).toBe(deposit.id);
    const fresh = await c.post('/v1/predict/deposit-wallets', user.token, {
      controllerWalletId: evm.id,
      idempotencyKey: randomUUID(),
    });
    expect(fresh.statusCode).toBe(400);
  });

  it('binds a key first used once the wallet is deployed to that controller, in any case of the UUID', async () => {
    const user = await c.app.signUp();
    const evm = user.wallets.find((w) => w.family === 'evm')!;
    const deploy = (controllerWalletId: number, idempotencyKey?: string) =>
      c.post('/v1/predict/deposit-wallets', user.token, { controllerWalletId, idempotencyKey });
    const deposit = (await deploy(evm.id)).json();
    const key = randomUUID();
    // The wallet exists: this request deploys nothing (200), but it records the key.
    const first = await deploy(evm.id, key);
    expect([first.statusCode, first.headers['idempotent-replayed'], first.json().id]).toEqual([
      200,
      undefined,
      deposit.id,
    ]);
    for (const again of [key, key.toUpperCase()]) {
      const replay = await deploy(evm.id, again);
      expect([replay.statusCode, replay.headers['idempotent-replayed'], replay.json().id]).toEqual([
        200,
        'true',
        deposit.id,
      ]);
    }
    // Another controller under that key, in either case: a conflict, and no second deposit wallet.
    const other = (await c.post('/v1/wallets', user.token, { family: 'evm' })).json();
    for (const again of [key, key.toUpperCase()]) {
      const conflict = await deploy(other.id, again);
      expect([conflict.statusCode, conflict.json().error.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    }
    expect((await c.wallets(user.token)).filter((w) => w.kind === 'deposit')).toHaveLength(1);
  });

  it('concurrent requests with one key: one deploys (201), every other returns it as a replay', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await c.app.signUp();
      const body = { controllerWalletId: user.wallets[0].id, idempotencyKey: randomUUID() };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => c.post('/v1/predict/deposit-wallets', user.token, body)),
      );
      const created = answers.filter((a) => a.statusCode === 201);
      expect(created).toHaveLength(1);
      expect(created[0].headers['idempotent-replayed']).toBeUndefined();
      const deposit = created[0].json();
      expect(deposit).toMatchObject({ kind: 'deposit', deployment: { status: 'deployed' } });
      for (const replay of answers.filter((a) => a !== created[0])) {
        expect(replay.statusCode).toBe(200);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.json()).toEqual(deposit);
      }
    }
  });

  it('concurrent requests with one key amid renames of the controller: one deploys, every other replays', async () => {
    const user = await c.app.signUp();
    const [evm] = user.wallets;
    const key = randomUUID();
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        c.post('/v1/predict/deposit-wallets', user.token, {
          controllerWalletId: evm.id,
          idempotencyKey: key,
        }),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        c.post(`/v1/wallets/${evm.id}/rename`, user.token, { name: `Main ${i}` }),
      ),
    ]);
    const deposits = answers.slice(0, 20);
    expect(deposits.map((a) => a.statusCode).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    expect(deposits.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(answers.slice(20).map((a) => a.statusCode)).toEqual(Array<number>(10).fill(200));
  });

  it('concurrent requests with different keys or none: one deploys (201), the others find it (200)', async () => {
    for (const keyed of [true, false]) {
      const user = await c.app.signUp();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          c.post('/v1/predict/deposit-wallets', user.token, {
            controllerWalletId: user.wallets[0].id,
            ...(keyed ? { idempotencyKey: randomUUID() } : {}),
          }),
        ),
      );
      const deployed = answers.filter((a) => a.statusCode === 200 || a.statusCode === 201);
      // A request may lose every retry of its version conflict (409 CONCURRENT_MODIFICATION, safe to retry).
      expect(answers.every((a) => [200, 201, 409].includes(a.statusCode))).toBe(true);
      expect(deployed.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(new Set(deployed.map((a) => a.json().id)).size).toBe(1);
      expect(deployed.every((a) => a.headers['idempotent-replayed'] === undefined)).toBe(true);
    }
  });

  it('answers 502 when deployment fails, keeps that key failed, and deploys with a new key', async () => {
    const user = await c.app.signUp();
    const [evm] = user.wallets;
    expect(
      (await c.admin('/v1/sandbox/faults', { target: 'depositWallet', mode: 'fail', count: 1 })).statusCode,
    ).toBe(201);
    const key = randomUUID();
    const failed = await c.post('/v1/predict/deposit-wallets', user.token, {
      controllerWalletId: evm.id,
      idempotencyKey: key,
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('DEPOSIT_WALLET_FAILED');
    // The failure is recorded, and the answer names where: a read at that position shows it.
    const position = failed.headers['x-event-position'];
    expect(position).toMatch(/^\d+$/);
    const listed = await c.app.request({
      method: 'GET',
      url: `/v1/wallets/list?minPosition=${String(position)}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(listed.json().find((w: { kind: string }) => w.kind === 'deposit').deployment.status).toBe(
      'failed',
    );

    const pending = (await c.wallets(user.token)).find((w) => w.kind === 'deposit')!;
    expect(pending).toMatchObject({ address: null, deployment: { status: 'failed' } });
    const unenrolled = await c.post('/v1/wallets/refresh', user.token, { walletId: pending.id });
    expect(unenrolled.statusCode).toBe(409);
    expect(unenrolled.json().error.code).toBe('ENROLLMENT_MISSING');
    // It is the caller's wallet, not deployed: operations say so, neither paying from it nor to it.
    const notDeployed = expect.stringContaining('is a deposit wallet not deployed yet');
    const pol = { network: 'polygon', token: null };
    const toIt = await c.post('/v1/operations', user.token, {
      idempotencyKey: randomUUID(),
      operation: {
        kind: 'send',
        walletId: evm.id,
        sendIntent: { token: pol, amount: '1', to: { walletId: pending.id } },
      },
    });
    expect(toIt.statusCode).toBe(400);
    expect(toIt.json().error.fields).toContainEqual({
      path: 'operation.sendIntent.to.walletId',
      message: notDeployed,
    });
    const fromIt = await c.post('/v1/operations', user.token, {
      idempotencyKey: randomUUID(),
      intent: {
        type: 'send',
        walletId: pending.id,
        asset: { network: 'polygon', asset: 'native' },
        amount: '1',
        to: { walletId: evm.id },
      },
    });
    expect(fromIt.statusCode).toBe(400);
    expect(fromIt.json().error.fields).toEqual([{ path: 'intent.walletId', message: notDeployed }]);

    const sameKey = await c.post('/v1/predict/deposit-wallets', user.token, {
      controllerWalletId: evm.id,
      idempotencyKey: key,
    });
    expect(sameKey.statusCode).toBe(502);
    const fresh = await c.post('/v1/predict/deposit-wallets', user.token, {
      controllerWalletId: evm.id,
      idempotencyKey: randomUUID(),
    });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json()).toMatchObject({ id: pending.id, deployment: { status: 'deployed' } });
    // The failed key still answers its failure, not the wallet another key deployed.
    const failedAgain = await c.post('/v1/predict/deposit-wallets', user.token, {
      controllerWalletId: evm.id,
      idempotencyKey: key,
    });
    expect(failedAgain.statusCode).toBe(502);
    expect(failedAgain.json().error.code).toBe('DEPOSIT_WALLET_FAILED');
  });

  it('concurrent requests with one key while the venue fails: every one answers the one failure recorded', async () => {
    const user = await c.app.signUp();
    expect(
      (await c.admin('/v1/sandbox/faults', { target: 'depositWallet', mode: 'fail', count: 1 })).statusCode,
    ).toBe(201);
    const body = { controllerWalletId: user.wallets[0].id, idempotencyKey: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => c.post('/v1/predict/deposit-wallets', user.token, body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([502, 502, 502]);
    expect(new Set(answers.map((a) => a.json().error.message)).size).toBe(1);
    // One call of the venue under the key: its failure, and no deployment, are recorded.
    const deposit = (await c.wallets(user.token)).find((w) => w.kind === 'deposit')!;
    expect(deposit).toMatchObject({ address: null, deployment: { status: 'failed' } });
  });

  it('looks a deployment of unknown outcome up instead of calling it failed', async () => {
    const user = await c.app.signUp();
    const [evm] = user.wallets;
    // Uncertain: the venue cannot tell whether the deployment went through (it did).
    expect(
      (await c.admin('/v1/sandbox/faults', { target: 'depositWallet', mode: 'uncertain', count: 1 }))
        .statusCode,
    ).toBe(201);
    const key = randomUUID();
    const request = () =>
      c.post('/v1/predict/deposit-wallets', user.token, { controllerWalletId: evm.id, idempotencyKey: key });
    const created = await request();
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ deployment: { status: 'deployed' }, address: expect.any(String) });
    const deposit = (await c.wallets(user.token)).find((w) => w.kind === 'deposit')!;
    expect(deposit).toMatchObject({ address: created.json().address, deployment: { status: 'deployed' } });
    const replay = await request();
    expect(replay.statusCode).toBe(200);
    expect(replay.json().address).toBe(created.json().address);
  });

  it('needs wallet.sign', async () => {
    const user = await c.app.signUp();
    const weak = (await c.post('/v1/auth/tokens', user.token, { permits: ['account.write'] })).json().token;
    const res = await c.post('/v1/predict/deposit-wallets', weak, { controllerWalletId: user.wallets[0].id });
    expect(res.statusCode).toBe(403);
  });
});
