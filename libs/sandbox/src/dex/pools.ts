import type { AssetId, Network } from '@vetted/venues';
import { PUSD_POLYGON, USDC_ADDRESSES, WBTC_ETHEREUM, usdc } from '../tokens/token-registry';

/** A constant-product pool; `depthUsd` is the value of each side at genesis. */
export interface PoolSpec {
  id: string;
  a: AssetId;
  b: AssetId;
  feeBps: number;
  depthUsd: string;
}

const native = (network: Network): AssetId => ({ network, token: null });

/**
 * Every network's assets trade against its USDC, and every network's USDC bridges to ethereum's
 * (bridge pools hold USDC on both networks), so any two registered assets have a route.
 */
export const POOLS: readonly PoolSpec[] = [
  ...(['ethereum', 'base', 'arbitrum'] as const).map((n) => ({
    id: `${n}-eth-usdc`,
    a: native(n),
    b: usdc(n),
    feeBps: 30,
    depthUsd: '20000000',
  })),
  {
    id: 'ethereum-wbtc-usdc',
    a: { network: 'ethereum', token: WBTC_ETHEREUM },
    b: usdc('ethereum'),
    feeBps: 30,
    depthUsd: '20000000',
  },
  { id: 'polygon-pol-usdc', a: native('polygon'), b: usdc('polygon'), feeBps: 30, depthUsd: '5000000' },
  {
    id: 'polygon-pusd-usdc',
    a: { network: 'polygon', token: PUSD_POLYGON },
    b: usdc('polygon'),
    feeBps: 1,
    depthUsd: '20000000',
  },
  { id: 'solana-sol-usdc', a: native('solana'), b: usdc('solana'), feeBps: 30, depthUsd: '20000000' },
  ...(['base', 'arbitrum', 'polygon', 'solana', 'perps'] as const).map((n) => ({
    id: `bridge-usdc-ethereum-${n}`,
    a: { network: 'ethereum' as const, token: USDC_ADDRESSES.ethereum },
    b: usdc(n),
    feeBps: 5,
    depthUsd: '50000000',
  })),
];
