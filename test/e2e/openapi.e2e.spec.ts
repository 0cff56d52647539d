import { randomUUID } from 'node:crypto';
import { SHAPE_B_TYPES } from '@vetted/operations';
import { USDC_ADDRESSES } from '@vetted/sandbox';
import Ajv from 'ajv';
import { startTestApp, type TestApp } from '../support/test-app';

/** The OpenAPI document at /docs: every endpoint and error documented, and schemas that hold what the service sends. */
describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('documents every endpoint with its errors in OpenAPI at /docs', async () => {
    const ui = await t.request({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    const doc = (await t.request({ method: 'GET', url: '/docs/json' })).json();
    const expected: [string, string, string[]][] = [
      ['/v1/auth/signup', 'post', ['201', '400', '409']],
      ['/v1/auth/tokens', 'post', ['201', '400', '401', '403']],
      ['/v1/wallets/list', 'get', ['200', '401']],
      ['/v1/wallets/proposedName', 'get', ['200', '400', '401']],
      ['/v1/wallets', 'post', ['201', '400', '401', '403', '409']],
      ['/v1/wallets/{id}/rename', 'post', ['200', '400', '401', '403', '404', '409']],
      ['/v1/wallets/{id}/archive', 'post', ['200', '400', '401', '403', '404']],
      ['/v1/activity/feed', 'get', ['200', '400', '401']],
      ['/v1/wallets/refresh', 'post', ['202', '400', '401', '403', '404', '409']],
      ['/v1/predict/deposit-wallets', 'post', ['200', '201', '400', '401', '403', '404', '409', '502']],
      ['/v1/sandbox/tokens', 'get', ['200']],
      ['/v1/sandbox/markets', 'get', ['200']],
      ['/v1/sandbox/faucet', 'post', ['201', '400', '401', '403', '404']],
      ['/v1/operations', 'post', ['200', '201', '400', '401', '403', '409', '503']],
      ['/v1/operations/{operationId}/approve', 'post', ['200', '400', '401', '403', '404', '409']],
      ['/v1/operations/{operationId}/discard', 'post', ['200', '400', '401', '403', '404', '409']],
      ['/v1/operations/{operationId}/refresh', 'post', ['200', '201', '400', '401', '403', '404', '409']],
      ['/v1/activity/operation', 'get', ['200', '400', '401', '404']],
      ['/v1/sandbox/prices', 'post', ['200', '400', '401']],
      ['/v1/sandbox/faults', 'post', ['201', '400', '401']],
      ['/v1/sandbox/markets/{id}/resolve', 'post', ['200', '400', '401', '404']],
      ['/v1/sandbox/clock', 'post', ['200', '400', '401']],
      ['/v1/sandbox/explorer/tx/{hash}', 'get', ['200', '400', '404']],
      ['/health/live', 'get', ['200']],
      ['/health/ready', 'get', ['200', '503']],
      ['/metrics', 'get', []],
    ];
    for (const [path, method, statuses] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation).toBeDefined();
      for (const status of statuses) expect(Object.keys(operation.responses)).toContain(status);
      // A 401 names the scheme to authenticate with, as the service sends it.
      if (statuses.includes('401'))
        expect(operation.responses['401'].headers['WWW-Authenticate'].description).toContain(
          path.startsWith('/v1/sandbox/') && path !== '/v1/sandbox/faucet' ? 'SandboxAdmin' : 'Bearer',
        );
    }
    expect(doc.components.schemas.ErrorBody).toBeDefined();
    // The headers clients read are declared, not only described: the request id on every answer of
    // the service's routes, the event position of writes and reads, replays of idempotent creates.
    for (const [path, item] of Object.entries(
      doc.paths as Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >,
    ))
      if (/^\/(v1|health)\//.test(path))
        for (const operation of Object.values(item))
          for (const response of Object.values(operation.responses))
            expect(response.headers).toHaveProperty('X-Request-Id');
    expect(doc.paths['/metrics'].get.responses['200'].headers).toHaveProperty('X-Request-Id');
    const create = doc.paths['/v1/operations'].post.responses;
    expect(create['503'].headers).toHaveProperty('Retry-After');
    expect(Object.keys(create['201'].headers)).toEqual(expect.arrayContaining(['X-Event-Position']));
    expect(Object.keys(create['200'].headers)).toEqual(
      expect.arrayContaining(['X-Event-Position', 'Idempotent-Replayed']),
    );
    expect(doc.paths['/v1/operations'].get.responses['200'].headers).toHaveProperty('X-Event-Position');
    // A GET's own errors come after its minPosition wait, and carry the position too.
    for (const status of ['400', '404'])
      expect(doc.paths['/v1/operations/{operationId}'].get.responses[status].headers).toHaveProperty(
        'X-Event-Position',
      );
    expect(doc.paths['/v1/operations/{operationId}'].get.responses['401'].headers).not.toHaveProperty(
      'X-Event-Position',
    );
    // Any route refuses a query parameter it does not take.
    expect(doc.paths['/health/live'].get.responses['400'].description).toContain('VALIDATION_FAILED');
    expect(doc.paths['/v1/predict/deposit-wallets'].post.responses['200'].headers).toHaveProperty(
      'Idempotent-Replayed',
    );
    // Declared where it is sent: a recorded deployment failure (502) names its write; minting a token
    // and the faucet record nothing, and name none.
    expect(doc.paths['/v1/predict/deposit-wallets'].post.responses['502'].headers).toHaveProperty(
      'X-Event-Position',
    );
    for (const path of ['/v1/auth/tokens', '/v1/sandbox/faucet'])
      expect({ [path]: Object.keys(doc.paths[path].post.responses['201'].headers) }).toEqual({
        [path]: ['X-Request-Id'],
      });
    // What any request can be answered before its route, /metrics included.
    expect(Object.keys(doc.paths['/metrics'].get.responses)).toEqual(
      expect.arrayContaining(['400', '414', '431', '503']),
    );
    const schemas = doc.components.schemas;
    const intentArms: { $ref: string }[] = schemas.CreateOperationBody.properties.intent.oneOf;
    const shapeBTypes = intentArms.flatMap((arm) => schemas[arm.$ref.split('/').pop()!].properties.type.enum);
    expect(new Set(shapeBTypes)).toEqual(new Set(SHAPE_B_TYPES));
    expect(schemas.ShapeBOperationView.properties.continuation).toBeDefined();
    // The activity item has one schema, for an operation's activity and inside feed entries.
    const activity =
      doc.paths['/v1/activity/operation'].get.responses['200'].content['application/json'].schema;
    expect(activity).toEqual({ $ref: '#/components/schemas/ActivityItemView' });
    expect(Object.keys(schemas.ActivityItemView.properties)).toEqual(
      expect.arrayContaining([
        'action',
        'title',
        'networks',
        'route',
        'isSuccess',
        'assetChanges',
        'references',
      ]),
    );
    expect(schemas.AssetChangeView.properties.feeAmount.nullable).toBe(true);
    // A nullable object property admits null as its own alternative: OpenAPI 3.0's `nullable`
    // does not reach into a `$ref`, so validators refused `continuation: null` and `route: null`.
    const nullOnly = { type: 'object', nullable: true, enum: [null] };
    expect(schemas.ShapeBOperationView.properties.continuation.oneOf).toEqual([
      { $ref: '#/components/schemas/ShapeBContinuationView' },
      nullOnly,
    ]);
    expect(schemas.ActivityItemView.properties.route.oneOf).toEqual([
      { $ref: '#/components/schemas/ActivityRouteView' },
      nullOnly,
    ]);
    expect(schemas.ShapeBContinuationView).toBeDefined();
    expect(schemas.ActivityRouteView).toBeDefined();
    // A nullable enum lists null among its values (3.0.3).
    expect(schemas.TokenView.properties.view.enum).toEqual(['support-readonly', null]);
    // What any request can be answered before its route: a request line or headers too large, or the
    // service closing.
    for (const [path, method] of [
      ['/v1/operations', 'post'],
      ['/v1/operations/{operationId}/approve', 'post'],
      ['/v1/wallets/list', 'get'],
    ])
      expect(Object.keys(doc.paths[path][method].responses)).toEqual(
        expect.arrayContaining(['414', '431', '503']),
      );
    expect(doc.paths['/v1/operations'].post.responses['503'].description).toMatch(
      /QUOTE_UNAVAILABLE.*SHUTTING_DOWN/,
    );
    // Every operation: a 400 naming MALFORMED_REQUEST (any path can be badly percent-encoded), and
    // MALFORMED_JSON where it takes a body; a 414 everywhere (a request line can be too long), which
    // names the path parameter wherever there is one.
    type DocumentedOperation = {
      responses: Record<string, { description: string }>;
      parameters?: { name: string }[];
    };
    for (const [path, item] of Object.entries<Record<string, DocumentedOperation>>(doc.paths))
      for (const [method, operation] of Object.entries(item)) {
        const at = `${method} ${path}`;
        if (path === '/metrics' || path.startsWith('/docs')) continue;
        expect({ [at]: operation.responses['400']?.description }).toEqual({
          [at]: expect.stringContaining('MALFORMED_REQUEST'),
        });
        if (operation.responses['415'])
          expect({ [at]: operation.responses['400'].description }).toEqual({
            [at]: expect.stringContaining('MALFORMED_JSON'),
          });
        expect({ [at]: operation.responses['414']?.description.includes('path parameter') }).toEqual({
          [at]: path.includes('{'),
        });
        if (method === 'post' && !path.startsWith('/v1/sandbox/') && path.startsWith('/v1/'))
          expect({ [at]: operation.responses['409']?.description }).toEqual({
            [at]: expect.stringContaining('CONCURRENT_MODIFICATION'),
          });
        if (method === 'get' && path.startsWith('/v1/'))
          expect({ [at]: operation.parameters?.filter((p) => p.name === 'minPosition').length }).toEqual({
            [at]: 1,
          });
      }
    for (const action of ['next', 'refresh'])
      expect(doc.paths[`/v1/operations/{operationId}/${action}`].post.responses['503'].description).toMatch(
        /QUOTE_UNAVAILABLE/,
      );
  });

  it('publishes an OpenAPI document that compiles, whose schemas hold the bodies the service sends', async () => {
    const doc = (await t.request({ method: 'GET', url: '/docs/json' })).json();
    const ajv = new Ajv({ strict: false, validateFormats: false });
    for (const [name, schema] of Object.entries(doc.components.schemas))
      ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    for (const name of Object.keys(doc.components.schemas))
      expect(() => ajv.getSchema(`#/components/schemas/${name}`)).not.toThrow();
    // A prerequisite approval whose successor is not prepared yet: `continuation.operation` is null.
    const user = await t.signUp();
    const evm = user.wallets.find((w) => w.family === 'evm')!;
    for (const [token, amount] of [
      [null, '1'],
      [USDC_ADDRESSES.base, '10'],
    ] as const)
      await t.request({
        method: 'POST',
        url: '/v1/sandbox/faucet',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { walletId: evm.id, network: 'base', token, amount },
      });
    const created = await t.request({
      method: 'POST',
      url: '/v1/operations',
      headers: { authorization: `Bearer ${user.token}` },
      payload: {
        idempotencyKey: randomUUID(),
        intent: {
          type: 'swap',
          walletId: evm.id,
          from: { network: 'base', asset: USDC_ADDRESSES.base },
          to: { network: 'base', asset: 'native' },
          amount: '5',
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const resource = created.json();
    expect(resource).toMatchObject({ kind: 'tokenApproval', continuation: { operation: null } });
    const view = ajv.getSchema('#/components/schemas/ShapeBOperationView')!;
    expect(view(resource) ? 'valid' : view.errors).toBe('valid');
  });

  it('holds Shape A requests to the grammar the service checks: amounts, raw floors, one recipient', async () => {
    const doc = (await t.request({ method: 'GET', url: '/docs/json' })).json();
    const ajv = new Ajv({ strict: false, validateFormats: false });
    for (const [name, schema] of Object.entries(doc.components.schemas))
      ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    const valid = (name: string, body: object): boolean =>
      ajv.getSchema(`#/components/schemas/${name}`)!(body) as boolean;
    const swap = (amount: string, receiveRaw: string) => ({
      kind: 'swap',
      walletId: 1,
      swapIntent: {
        from: { network: 'base', token: USDC_ADDRESSES.base },
        to: { network: 'base', token: null },
        amount,
        quoteFloor: { sellRaw: '1000000', receiveRaw },
      },
    });
    expect(valid('SwapOperationDoc', swap('1.5', '1'))).toBe(true);
    expect(valid('SwapOperationDoc', swap('max', '1'))).toBe(true);
    for (const [amount, receiveRaw] of [
      ['1e3', '1'],
      ['-1', '1'],
      ['1', '0'],
      ['1', '1.5'],
    ])
      expect(valid('SwapOperationDoc', swap(amount, receiveRaw))).toBe(false);
    const send = (to: object) => ({
      kind: 'send',
      walletId: 1,
      sendIntent: { token: { network: 'base', token: null }, amount: '1', to },
    });
    expect(valid('SendOperationDoc', send({ walletId: 2 }))).toBe(true);
    expect(valid('SendOperationDoc', send({}))).toBe(false);
    const buy = (spendPusd: string) => ({
      kind: 'prediction',
      walletId: 1,
      order: { action: 'buy', outcome: 'x', spendPusd },
    });
    expect(valid('PredictionOperationDoc', buy('10'))).toBe(true);
    expect(valid('PredictionOperationDoc', buy('max'))).toBe(false);
  });

  it('documents every success answer, optional bodies and integers as the service behaves', async () => {
    const doc = (await t.request({ method: 'GET', url: '/docs/json' })).json();
    const schemas = doc.components.schemas;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const answer = (path: string, method: string, status: string, type = 'application/json') =>
      doc.paths[path][method].responses[status]?.content?.[type]?.schema;
    // Success statuses the service answers, each with its body.
    expect(answer('/v1/sandbox/faults', 'post', '201')).toEqual(ref('InjectedFaultView'));
    expect(Object.keys(schemas.InjectedFaultView.properties)).toEqual(
      expect.arrayContaining(['id', 'target', 'mode', 'remaining', 'landAfterSeconds']),
    );
    expect(answer('/v1/sandbox/prices', 'post', '200').oneOf).toEqual([
      ref('SandboxPriceView'),
      ref('ExpiredPriceView'),
    ]);
    expect(answer('/v1/sandbox/clock', 'post', '200')).toEqual(ref('SandboxClockView'));
    expect(answer('/v1/sandbox/markets/{id}/resolve', 'post', '200')).toEqual(ref('PredictionMarketView'));
    const explorer = '/v1/sandbox/explorer/tx/{hash}';
    expect(answer(explorer, 'get', '200', 'text/html')).toEqual({ type: 'string' });
    expect(answer(explorer, 'get', '200')).toEqual(ref('ExplorerTransactionView'));
    const refresh = '/v1/operations/{operationId}/refresh';
    expect(answer(refresh, 'post', '200')).toEqual(answer(refresh, 'post', '201'));
    // The public feed takes a token or none; the admin routes answer 401 about their own header.
    expect(doc.paths['/v1/activity/feed'].get.security).toEqual([{ bearer: [] }, {}]);
    expect(doc.paths['/v1/operations'].get.security).toEqual([{ bearer: [] }]);
    expect(JSON.stringify(doc)).not.toContain('x-optional-bearer');
    expect(doc.paths['/v1/sandbox/faults'].post.responses['401'].description).toContain('X-Sandbox-Admin');
    // 200s that had no schema.
    expect(answer('/v1/sandbox/tokens', 'get', '200')).toEqual({ type: 'array', items: ref('AssetView') });
    expect(answer('/v1/sandbox/markets', 'get', '200')).toEqual({
      type: 'array',
      items: ref('PredictionMarketView'),
    });
    expect(schemas.AssetView.properties.token.nullable).toBe(true);
    expect(answer('/health/live', 'get', '200')).toEqual(ref('LivenessView'));
    expect(answer('/health/ready', 'get', '200')).toEqual(ref('ReadinessView'));
    // Not ready, or (as every request then) the error body while shutting down.
    expect(answer('/health/ready', 'get', '503')).toEqual({
      oneOf: [ref('ReadinessView'), ref('ErrorBody')],
    });
    expect(schemas.ReadinessView.properties.status.enum).toEqual(['ready', 'not_ready']);
    // A finished operation of either shape carries its result (never required: only once finished).
    for (const view of ['ShapeAOperationView', 'ShapeBOperationView']) {
      expect(schemas[view].properties.result.allOf).toEqual([ref('OperationResultView')]);
      expect(schemas[view].required).not.toContain('result');
    }
    expect(Object.keys(schemas.OperationResultView.properties)).toEqual(['txHashes', 'fills']);
    // Body-less POSTs (and the wallet refresh, whose body is optional) do not require a body.
    for (const path of [
      '/v1/operations/{operationId}/approve',
      '/v1/operations/{operationId}/discard',
      '/v1/operations/{operationId}/next',
      '/v1/operations/{operationId}/refresh',
      '/v1/wallets/{id}/archive',
      '/v1/wallets/refresh',
      '/v1/auth/tokens',
    ])
      expect({ [path]: doc.paths[path].post.requestBody.required }).toEqual({ [path]: false });
    // Integers are integers, bounds kept.
    expect(schemas.PerpIntentDoc.properties.leverage).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    expect(schemas.IssueTokenBody.properties.ttlSeconds).toMatchObject({ type: 'integer', minimum: 60 });
    expect(schemas.ClockBody.properties.advanceSeconds).toMatchObject({ type: 'integer', minimum: 0 });
    expect(schemas.FaultBody.properties.count).toMatchObject({ type: 'integer', maximum: 1000 });
    expect(schemas.FaucetBody.properties.walletId.type).toBe('integer');
    const walletId = doc.paths['/v1/wallets/{id}/archive'].post.parameters.find(
      (p: { in: string }) => p.in === 'path',
    );
    expect(walletId.schema.type).toBe('integer');
    // The API spells every non-integer as a decimal string, so no schema anywhere says `number`.
    const numbers: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (typeof node !== 'object' || node === null) return;
      if ((node as { type?: unknown }).type === 'number') numbers.push(at);
      for (const [key, value] of Object.entries(node)) visit(value, `${at}/${key}`);
    };
    visit(doc, '#');
    expect(numbers).toEqual([]);
  });
});
