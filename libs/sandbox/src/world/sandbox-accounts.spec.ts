import { NETWORKS } from '@vetted/venues';
import { POOLS } from '../dex/pools';
import { derivedAddress } from './deterministic';
import { arbitrageur, dexRouter, feeSink, poolAccount } from './sandbox-accounts';

/**
 * A sandbox file keeps balances by address, so the world's own accounts must stay where their labels
 * put them, however they are looked up.
 */
describe("the world's own accounts", () => {
  it('are where earlier versions put them', () => {
    expect(feeSink('base')).toBe('0x3e917b15f678A21f1b698e2cF9d1a41e7D11E08a');
    expect(poolAccount('base-eth-usdc', 'base')).toBe('0x2cdF3e3D1A3EF21bBfde14320913eA6D1D9cb570');
    expect(dexRouter('solana')).toBe('D5Yy1heZbSoDGabYph1nsbLVpVBCdnYGwTUj5EVwi8jM');
  });

  it.each([
    ['fee-sink', feeSink],
    ['arbitrageur', arbitrageur],
    ['dex-router', dexRouter],
  ] as const)('%s: the address of its label on each network, the same on every call', (role, of) => {
    for (const network of NETWORKS) {
      const expected = derivedAddress(network, `vetted-sandbox:${role}:${network}`);
      expect(of(network)).toBe(expected);
      expect(of(network)).toBe(expected);
    }
    expect(new Set(NETWORKS.map((network) => of(network))).size).toBe(NETWORKS.length);
  });

  it("a pool's account: the address of its pool's label on each of its networks", () => {
    for (const pool of POOLS)
      for (const network of new Set([pool.a.network, pool.b.network])) {
        const expected = derivedAddress(network, `vetted-sandbox:pool:${pool.id}:${network}`);
        expect(poolAccount(pool.id, network)).toBe(expected);
        expect(poolAccount(pool.id, network)).toBe(expected);
      }
    const [first, second] = POOLS;
    expect(poolAccount(first.id, first.a.network)).not.toBe(poolAccount(second.id, first.a.network));
  });
});
