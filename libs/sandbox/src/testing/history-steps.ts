/** The steps a random history of the world is made of, and how fast-check draws them. */
import fc from 'fast-check';
import type { AssetId, Network } from '@vetted/venues';
import type { FaultMode, FaultTarget } from '../faults/fault-plan';
import { CATALOG_OUTCOMES, MARKET_SPECS } from '../predict/market-catalog';
import { SANDBOX_TOKENS } from '../tokens/token-registry';
import { evm, sol } from './sandbox-fixture';

export const EVM_ACTORS = [evm(), evm(), evm()];
export const SOL_ACTORS = [sol(), sol()];
export const TOKENS: AssetId[] = SANDBOX_TOKENS.map(({ network, token }) => ({ network, token }));
export const actorOn = (network: Network, i: number) =>
  network === 'solana' ? SOL_ACTORS[i % 2] : EVM_ACTORS[i % 3];
export const supplyKey = (network: string, token: string | null) => `${network}:${token ?? ''}`;

export type Step =
  | { kind: 'faucet'; token: number; actor: number; units: number }
  | { kind: 'transfer'; token: number; from: number; to: number; percent: number }
  | { kind: 'swap'; from: number; to: number; actor: number; percent: number; strict: boolean }
  | {
      kind: 'perp';
      actor: number;
      coin: string;
      buy: boolean;
      size: string;
      away: number;
      reduceOnly: boolean;
      leverage: number;
    }
  | { kind: 'spot'; actor: number; coin: string; buy: boolean; size: string; away: number }
  | { kind: 'predict'; actor: number; outcome: number; action: 'buy' | 'sell' | 'redeem'; percent: number }
  | { kind: 'resolve'; market: number; outcome: number }
  | { kind: 'fault'; target: FaultTarget; mode: FaultMode; count: number }
  | { kind: 'clock'; seconds: number }
  | { kind: 'price'; token: number; percent: number };

const index = (n: number) => fc.integer({ min: 0, max: n - 1 });
export const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('faucet' as const),
      token: index(TOKENS.length),
      actor: index(6),
      units: fc.integer({ min: 1, max: 5000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      token: index(TOKENS.length + 3),
      from: index(6),
      to: index(6),
      percent: fc.integer({ min: 1, max: 120 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('swap' as const),
      from: index(TOKENS.length),
      to: index(TOKENS.length),
      actor: index(6),
      percent: fc.integer({ min: 1, max: 110 }),
      strict: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('perp' as const),
      actor: index(3),
      coin: fc.constantFrom('BTC', 'ETH', 'SOL', 'DOGE'),
      buy: fc.boolean(),
      size: fc.constantFrom('0.001', '0.05', '1', '3', '250', '100000'),
      away: fc.integer({ min: -2, max: 30 }),
      reduceOnly: fc.boolean(),
      leverage: fc.constantFrom(1, 3, 5, 10, 20, 45),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('spot' as const),
      actor: index(3),
      coin: fc.constantFrom('BTC', 'ETH', 'SOL', 'DOGE'),
      buy: fc.boolean(),
      size: fc.constantFrom('0.001', '0.05', '1', '3', '250', '100000'),
      away: fc.integer({ min: -2, max: 30 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('predict' as const),
      actor: index(3),
      outcome: index(CATALOG_OUTCOMES.length),
      action: fc.constantFrom('buy' as const, 'sell' as const, 'redeem' as const),
      percent: fc.integer({ min: 1, max: 110 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('resolve' as const),
      market: index(MARKET_SPECS.length),
      outcome: index(4),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fault' as const),
      target: fc.constantFrom<FaultTarget>('submission', 'quote', 'depositWallet'),
      mode: fc.constantFrom<FaultMode>('reject', 'uncertain', 'timeout', 'fail'),
      count: fc.integer({ min: 1, max: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('clock' as const), seconds: fc.integer({ min: 1, max: 400 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('price' as const),
      token: index(TOKENS.length),
      percent: fc.integer({ min: 50, max: 200 }),
    }),
  },
);
