import type { Network } from '@vetted/venues';
import { derivedAddress } from './deterministic';

const memo = new Map<string, string>();
/** Deriving an address costs a keccak (and an EIP-55 checksum): each is computed once. */
function account(network: Network, label: string): string {
  const key = `${network}|${label}`;
  let address = memo.get(key);
  if (address === undefined) {
    address = derivedAddress(network, label);
    memo.set(key, address);
  }
  return address;
}

/** The account of `role` on each network, found by the network alone (every leg pays the fee sink). */
function perNetwork(role: string): (network: Network) => string {
  const byNetwork = new Map<Network, string>();
  return (network) => {
    let address = byNetwork.get(network);
    if (address === undefined) {
      address = account(network, `vetted-sandbox:${role}:${network}`);
      byNetwork.set(network, address);
    }
    return address;
  };
}

/**
 * The world's own accounts. Their addresses derive from fixed labels (not the seed), so they are
 * the same in every sandbox and valid for their network.
 */
export const feeSink = perNetwork('fee-sink');
export const arbitrageur = perNetwork('arbitrageur');
export const dexRouter = perNetwork('dex-router');
const pools = new Map<string, (network: Network) => string>();
/** A pool's account on a network; quotes read pool reserves on every request. */
export function poolAccount(poolId: string, network: Network): string {
  let ofPool = pools.get(poolId);
  if (ofPool === undefined) {
    ofPool = perNetwork(`pool:${poolId}`);
    pools.set(poolId, ofPool);
  }
  return ofPool(network);
}
/** Takes the other side of perp trades: realized profits come from it, losses go to it. */
export const PERP_HOUSE = account('perps', 'vetted-sandbox:perp-house');
/** Holds prediction collateral: buys pay into it, sells and winning redemptions pay out of it. */
export const PREDICT_TREASURY = account('polygon', 'vetted-sandbox:predict-treasury');
