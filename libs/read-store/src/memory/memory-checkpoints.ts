import type { Checkpoints } from '../read-store';

export class MemoryCheckpoints implements Checkpoints {
  private readonly positions = new Map<string, string>();

  async get(name: string): Promise<string | null> {
    return this.positions.get(name) ?? null;
  }

  async put(name: string, position: string): Promise<void> {
    this.positions.set(name, position);
  }

  async delete(name: string): Promise<void> {
    this.positions.delete(name);
  }

  async all(): Promise<Record<string, string>> {
    return Object.fromEntries(this.positions);
  }
}
