import type { Leases } from '../read-store';

/** Leases for one process (the embedded deployment has a single owner anyway). */
export class MemoryLeases implements Leases {
  private readonly held = new Map<string, { owner: string; expiresAt: number }>();

  async acquire(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    const current = this.held.get(name);
    if (current && current.owner !== owner && current.expiresAt > now) return false;
    this.held.set(name, { owner, expiresAt: now + ttlMs });
    return true;
  }

  async release(name: string, owner: string): Promise<void> {
    if (this.held.get(name)?.owner === owner) this.held.delete(name);
  }
}
