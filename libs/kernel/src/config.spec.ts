import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, resolveAuthSecret } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded deployment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      eventStore: 'sqlite',
      readStore: 'memory',
      runWorkers: true,
      authDevSignup: true,
      logLevel: 'info',
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('reports every problem at once, naming the variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        EVENT_STORE: 'postgres',
        READ_STORE: 'mongo',
        AUTH_SECRET: 'short',
        RUN_WORKERS: 'maybe',
        HOST: 'not_a_host',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (e) {
      const problems = (e as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT must be a whole number/);
      expect(problems).toMatch(/EVENT_STORE must be one of sqlite, esdb/);
      expect(problems).toMatch(/MONGO_URL is required when READ_STORE=mongo/);
      expect(problems).toMatch(/AUTH_SECRET must be at least 32/);
      expect(problems).toMatch(/RUN_WORKERS must be true or false/);
      expect(problems).toMatch(/HOST must be an IP address or a host name \(got "not_a_host"\)/);
    }
  });

  it('takes an IP address or a host name as HOST', () => {
    for (const HOST of ['0.0.0.0', '127.0.0.1', '::', '::1', 'localhost', 'api.internal', 'host-1'])
      expect(loadConfig({ HOST }).host).toBe(HOST);
    for (const HOST of ['not_a_host', 'a b', '-a', 'a..b', 'http://x'])
      expect(() => loadConfig({ HOST })).toThrow(/HOST must be/);
  });

  it('needs a connection string for EventStoreDB and a persistent read store for worker-less APIs', () => {
    expect(() => loadConfig({ EVENT_STORE: 'esdb' })).toThrow(/EVENTSTORE_CONNECTION_STRING is required/);
    expect(() => loadConfig({ RUN_WORKERS: 'false' })).toThrow(/RUN_WORKERS=false needs READ_STORE=mongo/);
    expect(
      loadConfig({ EVENT_STORE: 'esdb', EVENTSTORE_CONNECTION_STRING: 'esdb://localhost:2113?tls=false' })
        .eventStore,
    ).toBe('esdb');
  });

  it('names DATA_DIR when it can be neither used nor created, creating nothing', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'vetted-config-'));
    const file = path.join(parent, 'a-file');
    writeFileSync(file, 'x');
    expect(() => loadConfig({ DATA_DIR: path.join(file, 'data') })).toThrow(
      /DATA_DIR cannot be used .*not a directory/,
    );
    // A directory that does not exist yet, under a writable one, is fine and is not created here.
    const later = path.join(parent, 'later', 'data');
    expect(loadConfig({ DATA_DIR: later }).dataDir).toBe(later);
    expect(existsSync(path.join(parent, 'later'))).toBe(false);
  });

  it('generates an auth secret into the data directory once and reuses it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vetted-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = resolveAuthSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret(config)).toBe(first);
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(first);
  });
});
