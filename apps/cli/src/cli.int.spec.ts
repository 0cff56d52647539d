import { createServer, type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { loadConfig } from '@vetted/kernel';
import { startTestApp } from '../../../test/support/test-app';
import { missingEventStore } from './existing-store';
import { replay } from './replay';
import { stats } from './stats';
import { submit, type SubmitOptions } from './submit';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

describe('cli', () => {
  it('reports events per type and replays a projection from $all', async () => {
    const t = await startTestApp();
    const dataDir = t.dataDir;
    await t.signUp();
    await t.signUp();
    await t.app.close();

    const out: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(await stats(config)).toBe(0);
      const text = out.join('\n');
      expect(text).toMatch(/events: 10\b/);
      expect(text).toMatch(/UserSignedUp\s+2/);
      expect(text).toMatch(/WalletCreated\s+4/);
      expect(text).toMatch(/NumberAllocated\s+4/);

      out.length = 0;
      expect(await replay(config, 'feed')).toBe(0);
      expect(out.join('\n')).toMatch(
        /replayed feed over 10 events of \$all: applied the 2 of its types, 2 documents/,
      );
      // The in-process read store: the output says the copy was the CLI's own, not the API's.
      expect(out.join('\n')).toMatch(/a copy inside the CLI/);
      expect(await replay(config, 'nope')).toBe(64);

      // A data dir without an event store is refused before anything opens (and creates) one.
      expect(missingEventStore(config)).toBeNull();
      const mistyped = loadConfig({ DATA_DIR: `${dataDir}-typo` });
      expect(missingEventStore(mistyped)).toBe(
        `no event store at ${path.join(`${dataDir}-typo`, 'events.sqlite')} (DATA_DIR=${dataDir}-typo); the CLI reads an existing one`,
      );
      expect(
        missingEventStore(
          loadConfig({
            DATA_DIR: dataDir,
            EVENT_STORE: 'esdb',
            EVENTSTORE_CONNECTION_STRING: 'esdb://127.0.0.1:1?tls=false',
          }),
        ),
      ).toBeNull();
    } finally {
      log.mockRestore();
      stderr.mockRestore();
      error.mockRestore();
    }
  });
});

describe('cli submit', () => {
  it('creates a Shape B operation from a file; the same file again replays it; a bad intent exits 1', async () => {
    const t = await startTestApp();
    const dir = await mkdtemp(path.join(tmpdir(), 'vetted-submit-'));
    const out: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const user = await t.signUp();
      const evm = user.wallets.find((w) => w.family === 'evm')!;
      const http: SubmitOptions['http'] = async (url, init) => {
        const res = await t.request({
          method: 'POST',
          url: new URL(url).pathname,
          headers: init.headers,
          payload: init.body,
        });
        return { status: res.statusCode, text: async () => res.body };
      };
      const file = path.join(dir, 'intent.json');
      const intent = {
        type: 'evmCall',
        walletId: evm.id,
        network: 'base',
        to: '0x' + '5c'.repeat(20),
        data: '0x',
        value: '0',
        gasLimit: '21000',
      };
      await writeFile(file, JSON.stringify(intent));
      // The wallet holds nothing yet: the refusal is printed and the exit code says so.
      expect(await submit({ file, url: 'http://api', token: user.token, http })).toBe(1);
      expect(JSON.parse(out.pop()!).error.code).toBe('INSUFFICIENT_FUNDS');

      await t.request({
        method: 'POST',
        url: '/v1/sandbox/faucet',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { walletId: evm.id, network: 'base', token: null, amount: '1' },
      });
      expect(await submit({ file, url: 'http://api', token: user.token, http })).toBe(0);
      const created = JSON.parse(out.pop()!);
      expect(created).toMatchObject({ kind: 'evmCall', state: 'pending', approvalRequired: true });
      expect(await submit({ file, url: 'http://api', token: user.token, http })).toBe(0);
      expect(JSON.parse(out.pop()!).id).toBe(created.id);

      // A whole body is sent as written: the API refuses what it refuses over HTTP.
      const key = '8f0e2b7c-1d2e-4f3a-9b4c-5d6e7f8a9b0c';
      const refusals: [string, string[]][] = [
        [JSON.stringify({ idempotencyKey: key, intent, dryRun: true }), ['dryRun']],
        [JSON.stringify({ idempotencyKy: key, intent }), ['idempotencyKy']],
        [JSON.stringify({ idempotencyKey: 12345, intent }), ['idempotencyKey']],
        // A key an object literal or Object.assign would take for the prototype.
        [
          `{"__proto__":{"dryRun":true},"idempotencyKey":"${key}","intent":${JSON.stringify(intent)}}`,
          ['__proto__'],
        ],
      ];
      for (const [text, paths] of refusals) {
        await writeFile(file, text);
        expect(await submit({ file, url: 'http://api', token: user.token, http })).toBe(1);
        const answer = JSON.parse(out.pop()!);
        expect(answer.error.code).toBe('VALIDATION_FAILED');
        expect(answer.error.fields.map((f: { path: string }) => f.path)).toEqual(paths);
      }
      // A whole body with its own key creates under that key; a file without one replays by its intent.
      await writeFile(file, JSON.stringify({ idempotencyKey: key, intent }));
      expect(await submit({ file, url: 'http://api', token: user.token, http })).toBe(0);
      const keyed = JSON.parse(out.pop()!);
      expect(keyed.id).not.toBe(created.id);
      await writeFile(file, JSON.stringify({ intent }));
      expect(await submit({ file, url: 'http://api', token: user.token, http })).toBe(0);
      expect(JSON.parse(out.pop()!).id).toBe(created.id);
    } finally {
      log.mockRestore();
      error.mockRestore();
      await rm(dir, { recursive: true, force: true });
      await t.close();
    }
  });
});

describe('cli submit, bad files', () => {
  it('exits 66 for a file it cannot read and 65 for one without a JSON object, sending nothing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vetted-submit-'));
    const errors: string[] = [];
    const error = jest.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    const http: SubmitOptions['http'] = () => Promise.reject(new Error('nothing may be sent'));
    try {
      const options = (file: string): SubmitOptions => ({
        file,
        url: 'http://localhost:1',
        token: 't',
        http,
      });
      expect(await submit(options(path.join(dir, 'missing.json')))).toBe(66);
      expect(errors.pop()).toMatch(/^cannot read .*missing\.json: ENOENT/);
      for (const content of ['not json', '[1, 2]', 'null']) {
        await writeFile(path.join(dir, 'bad.json'), content);
        expect(await submit(options(path.join(dir, 'bad.json')))).toBe(65);
        expect(errors.pop()).toMatch(/bad\.json does not hold a JSON object/);
      }
    } finally {
      error.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 69 naming the address when the API cannot be reached', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vetted-submit-'));
    const errors: string[] = [];
    const error = jest.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      const file = path.join(dir, 'intent.json');
      await writeFile(file, JSON.stringify({ type: 'send' }));
      // A port just freed: nothing listens there, so the real fetch fails to connect.
      const server = createServer().listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      await new Promise((resolve) => server.close(resolve));
      expect(await submit({ file, url: `http://127.0.0.1:${port}/`, token: 't' })).toBe(69);
      expect(errors.pop()).toMatch(
        new RegExp(
          `^cannot reach http://127\\.0\\.0\\.1:${port}/v1/operations: fetch failed \\(.*ECONNREFUSED`,
        ),
      );
    } finally {
      error.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
