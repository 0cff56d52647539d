import type { INestApplication } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import type { OperationDocument } from '@vetted/operations';
import {
  SHAPE_A_INTENT_FIELDS,
  SHAPE_B_TYPES,
  readShapeAOperation,
  readShapeBIntent,
  renderShapeB,
  shapeBIntentFields,
} from '@vetted/operations';
import Ajv from 'ajv';
import { completeDocument } from '../http/openapi-document';
import { OperationsController } from './operations.controller';
import { SHAPE_B_ARMS } from './shape-b.docs';
import { ShapeBOperationView } from './shape-b.views';

/**
 * The OpenAPI document of the operations controller, built as `create-app.ts` builds it (its
 * dependencies mocked: documentation reads only decorators). Checks that every Shape B intent type is
 * documented with examples the reader accepts, and that the resource view matches `renderShapeB`.
 */

type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Arms whose sizing is "exactly one of": each alternative is tried on its own. */
const ALTERNATIVES: Record<string, string[][]> = {
  SpotOrderIntentDoc: [['size'], ['valueUsdc']],
  PerpOpenIntentDoc: [['size'], ['valueUsd'], ['marginUsdc', 'exposureMultiple']],
  PerpReduceIntentDoc: [['size'], ['sizePercent']],
};

let app: INestApplication;
let doc: OpenAPIObject;
let schemas: Record<string, Schema>;

beforeAll(async () => {
  const moduleRef = await Test.createTestingModule({ controllers: [OperationsController] })
    .useMocker(() => ({}))
    .compile();
  app = moduleRef.createNestApplication(new FastifyAdapter(), { logger: false });
  doc = completeDocument(
    SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Vetted API').build()),
  );
  schemas = doc.components!.schemas as Record<string, Schema>;
});
afterAll(() => app.close());

const refName = (ref: string) => ref.replace('#/components/schemas/', '');

/** The component a property points at (`$ref`, `allOf: [$ref]`, or array items), if any. */
function target(property: Schema): string | null {
  const ref = property.$ref ?? property.allOf?.[0]?.$ref ?? property.items?.$ref;
  return ref ? refName(ref) : null;
}

/** The example of an arm: its required fields, its optional ones, and one sizing alternative. */
function armExample(name: string, alternative: string[]): Record<string, unknown> {
  const excluded = (ALTERNATIVES[name] ?? []).flat().filter((key) => !alternative.includes(key));
  const { properties } = schemas[name];
  return Object.fromEntries(
    Object.keys(properties)
      .filter((key) => !excluded.includes(key))
      .map((key) => [key, properties[key].example]),
  );
}

describe('Shape B in the OpenAPI document', () => {
  it('offers every Shape B intent type as an arm of the create body `intent`', () => {
    const intent = schemas.CreateOperationBody.properties.intent;
    const arms = intent.oneOf.map((option: Schema) => refName(option.$ref));
    expect(arms).toEqual(SHAPE_B_ARMS.map((arm) => arm.name));
    // perpOrder and prediction have several arms: no discriminator can map them, oneOf selects.
    expect(intent.discriminator).toBeUndefined();
    for (const arm of arms) expect(schemas[arm]).toBeDefined();
    const documented = arms.flatMap((arm: string) => schemas[arm].properties.type.enum);
    expect(new Set(documented)).toEqual(new Set(SHAPE_B_TYPES));
  });

  it('gives every field of every arm and of the resource an example', () => {
    const seen = new Set<string>();
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const [key, property] of Object.entries<Schema>(schemas[name].properties)) {
        expect({ [`${name}.${key}`]: 'example' in property }).toEqual({ [`${name}.${key}`]: true });
        const nested = target(property);
        if (nested) visit(nested);
      }
    };
    for (const arm of SHAPE_B_ARMS) visit(arm.name);
    visit(ShapeBOperationView.name);
    expect([...seen]).toEqual(
      expect.arrayContaining(['TradableAssetDoc', 'SolanaAccountMetaDoc', 'ShapeBReceiptView']),
    );
  });

  it('documents examples that readShapeBIntent accepts, one per sizing alternative', () => {
    for (const arm of SHAPE_B_ARMS)
      for (const alternative of ALTERNATIVES[arm.name] ?? [[]]) {
        const example = armExample(arm.name, alternative);
        expect(() => readShapeBIntent(example)).not.toThrow();
        expect(readShapeBIntent(example).type).toBe(example.type);
      }
  });

  it('documents amount forms and Solana data parts whose examples are accepted', () => {
    const swap = armExample('SwapIntentBDoc', []);
    for (const form of schemas.SwapIntentBDoc.properties.amount.oneOf as Schema[]) {
      const amount =
        form.example ??
        Object.fromEntries(Object.entries<Schema>(form.properties).map(([k, p]) => [k, p.example]));
      expect(() => readShapeBIntent({ ...swap, amount })).not.toThrow();
    }
    const instruction = armExample('SolanaInstructionIntentDoc', []);
    const parts = schemas.SolanaInstructionIntentDoc.properties.data.items.oneOf as Schema[];
    expect(parts.map((part) => part.required[0])).toEqual([
      'u8',
      'u16',
      'u32',
      'u64',
      'u128',
      'address',
      'utf8',
      'hex',
      'anchor',
    ]);
    for (const part of parts) {
      const [key] = part.required;
      const data = [{ [key]: part.properties[key].example }];
      expect(() => readShapeBIntent({ ...instruction, data })).not.toThrow();
    }
  });

  it('documents exactly the fields each intent takes, and closes them to any other', () => {
    for (const type of SHAPE_B_TYPES) {
      const arms = SHAPE_B_ARMS.map((arm) => schemas[arm.name]).filter(
        (s) => s.properties.type.enum[0] === type,
      );
      const documented = new Set(arms.flatMap((s) => Object.keys(s.properties)));
      expect({ [type]: [...documented].sort() }).toEqual({ [type]: shapeBIntentFields(type).sort() });
      for (const arm of arms) expect(arm.additionalProperties).toBe(false);
    }
    const shapeA = schemas.CreateOperationBody.properties.operation;
    for (const option of shapeA.oneOf as Schema[]) {
      const arm = schemas[refName(option.$ref)];
      const kind: keyof typeof SHAPE_A_INTENT_FIELDS = arm.properties.kind.enum[0];
      expect(shapeA.discriminator.mapping[kind]).toBe(option.$ref);
      const intent = schemas[target(Object.values<Schema>(arm.properties).find((p) => target(p))!)!];
      expect({ [kind]: Object.keys(intent.properties).sort() }).toEqual({
        [kind]: [...SHAPE_A_INTENT_FIELDS[kind]].sort(),
      });
      expect([arm.additionalProperties, intent.additionalProperties]).toEqual([false, false]);
    }
    expect(schemas.CreateOperationBody.additionalProperties).toBe(false);
  });

  it('compiles with ajv, and its create body takes the arm examples and refuses an unknown property', () => {
    // Ajv cannot read a discriminator's `mapping` (which OpenAPI 3.0 needs when the values are not
    // schema names): `oneOf` alone is checked, and must select exactly one arm.
    const ajv = new Ajv({ strict: false, validateFormats: false });
    for (const [name, schema] of Object.entries(schemas))
      ajv.addSchema(schema, `#/components/schemas/${name}`);
    const create = ajv.getSchema('#/components/schemas/CreateOperationBody')!;
    const key = '8f0e2b7c-1d2e-4f3a-9b4c-5d6e7f8a9b0c';
    for (const arm of SHAPE_B_ARMS)
      for (const alternative of ALTERNATIVES[arm.name] ?? [[]]) {
        const body = { idempotencyKey: key, intent: armExample(arm.name, alternative) };
        expect({ [arm.name]: create(body) ? 'valid' : create.errors }).toEqual({ [arm.name]: 'valid' });
      }
    const swap = {
      kind: 'swap',
      walletId: 1,
      swapIntent: {
        from: { network: 'base', token: null },
        to: { network: 'base', token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
        amount: '1.5',
        quoteFloor: { sellRaw: '1000000', receiveRaw: '1' },
      },
    };
    expect(() => readShapeAOperation(swap)).not.toThrow();
    expect(create({ idempotencyKey: key, operation: swap })).toBe(true);
    expect(create({ idempotencyKey: key, operation: { ...swap, dryRun: true } })).toBe(false);
    expect(create({ idempotencyKey: key, operation: swap, dryRun: true })).toBe(false);
    expect(
      create({ idempotencyKey: key, operation: { ...swap, swapIntent: { ...swap.swapIntent, extra: 1 } } }),
    ).toBe(false);
  });

  it('documents exactly the fields renderShapeB renders, the successor nested recursively', () => {
    const keysOf = (name: string) => Object.keys(schemas[name].properties).sort();
    const resources = [rendered('awaitingApproval'), rendered('failed'), rendered('done')];
    const union = (values: object[]) => [...new Set(values.flatMap((v) => Object.keys(v)))].sort();
    expect(keysOf('ShapeBOperationView')).toEqual(union(resources));
    expect(keysOf('ShapeBReceiptView')).toEqual(union(resources.flatMap((r) => r.receipts)));
    expect(keysOf('ShapeBTransferView')).toEqual(union(resources.flatMap((r) => r.receipts[0].transfers)));
    expect(keysOf('ShapeBContinuationView')).toEqual(union([resources[0].continuation!]));
    expect(keysOf('ShapeBRequestView')).toEqual(union([resources[0].request]));
    expect(keysOf('OperationResultView')).toEqual(union([resources[2].result!]));
    expect(target(schemas.ShapeBOperationView.properties.result)).toBe('OperationResultView');
    // The successor or null, each its own alternative (OpenAPI 3.0's nullable does not reach into a $ref).
    const operation = schemas.ShapeBContinuationView.properties.operation;
    expect(operation.oneOf).toEqual([
      { $ref: '#/components/schemas/ShapeBOperationView' },
      { type: 'object', nullable: true, enum: [null] },
    ]);
    const state = schemas.ShapeBOperationView.properties.state.enum;
    expect(state).toEqual(expect.arrayContaining(resources.map((r) => r.state)));
  });

  it('answers the Shape B routes with the Shape B resource', () => {
    const next = doc.paths['/v1/operations/{operationId}/next'].post!.responses['200'] as Schema;
    expect(refName(next.content['application/json'].schema.$ref)).toBe('ShapeBOperationView');
  });
});

/** A Shape B document with every optional part: a perp fill, a late receipt, a continuation, a refresh (and, done, a result). */
function rendered(state: 'awaitingApproval' | 'failed' | 'done') {
  const transfer = {
    network: 'perps',
    token: 'USDC',
    from: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    to: null,
    amountRaw: '43',
    purpose: 'fee' as const,
    symbol: 'USDC',
    decimals: 6,
  };
  const receipt = {
    hash: 'order-1',
    network: 'perps',
    status: 'success' as const,
    blockNumber: null,
    feeRaw: '43',
    transfers: [transfer],
    fill: { venue: 'perps' },
    late: true,
  };
  const document = {
    id: 'b1',
    kind: 'perpOrder',
    walletId: 3,
    state,
    createdAt: '2025-11-21T20:14:03.512Z',
    updatedAt: '2025-11-21T20:14:03.512Z',
    legs: [{ index: 0, kind: 'perpOrder', txHash: 'order-1' }],
    receipts: [receipt],
    error: 'the venue rejected the order',
    errorCode: 'SUBMISSION_REJECTED',
    source: null,
    action: readShapeBIntent({ type: 'perpOrder', walletId: 3, coin: 'BTC', side: 'long', size: '0.01' }),
    review: { type: 'perpOrder', walletId: 3, summary: 'Open' },
    continuation: {
      action: readShapeBIntent({
        type: 'send',
        walletId: 3,
        asset: { network: 'base', asset: 'native' },
        amount: '1',
        to: { walletId: 4 },
      }),
      label: 'Send',
      walletId: 3,
    },
    supersedes: null,
    successors: { refresh: 'b2' },
  } as unknown as OperationDocument;
  return renderShapeB(document, (hash) => `https://x/tx/${hash}`, null);
}
