import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore } from '@vetted/event-store';
import { EVENT_STORE, formatPosition } from '@vetted/event-store';
import { type Clock, loadConfig } from '@vetted/kernel';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApp } from '../../apps/api/src/create-app';

export interface TestApp {
  app: NestFastifyApplication;
  dataDir: string;
  logs: string[];
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The head of `$all` as text ('empty' before the first event): equal before and after = nothing appended. */
  head(): Promise<string>;
  signUp(
    username?: string,
  ): Promise<{ token: string; userId: string; username: string; wallets: WalletJson[] }>;
  restart(): Promise<TestApp>;
  close(): Promise<void>;
}

export interface WalletJson {
  id: number;
  name: string;
  family: string;
  kind: string;
  address: string;
  archived: boolean;
}

export const uniqueName = (prefix = 'u'): string =>
  `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.slice(0, 32);

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Boots the whole API (embedded SQLite + in-process read store) on a fresh data directory. */
export async function startTestApp(
  options: { dataDir?: string; env?: Record<string, string>; clock?: Clock } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'vetted-e2e-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...options.env });
  const logs: string[] = [];
  const logDestination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await createApp(config, { clock: options.clock, logDestination });
  const store = app.get<EventStore>(EVENT_STORE);
  const testApp: TestApp = {
    app,
    dataDir,
    logs,
    request: (injectOptions) => app.inject(injectOptions),
    head: async () => {
      const head = await store.headPosition();
      return head === null ? 'empty' : formatPosition(head);
    },
    async signUp(username = uniqueName()) {
      const res = await app.inject({ method: 'POST', url: '/v1/auth/signup', payload: { username } });
      if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
      const body = res.json();
      return { token: body.token, userId: body.user.id, username, wallets: body.wallets };
    },
    async restart() {
      await app.close();
      return startTestApp({ ...options, dataDir });
    },
    async close() {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
