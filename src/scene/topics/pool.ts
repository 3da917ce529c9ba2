/**
 * A generic object pool. Why: creating Pixi display objects (and their GPU buffers) costs far more
 * than re-pointing an existing one, and panning constantly swaps which topics are on screen.
 */
export interface PoolHooks<T> {
  create(): T;
  /** Called when an item goes back to the pool (hide it, forget its topic). */
  reset(item: T): void;
  /** Called for items dropped because the pool is full. */
  dispose(item: T): void;
}

export class Pool<T> {
  private free: T[] = [];
  /** Items currently handed out. */
  inUse = 0;
  created = 0;

  constructor(private readonly hooks: PoolHooks<T>, private readonly maxFree = 512) {}

  acquire(): T {
    this.inUse++;
    const item = this.free.pop();
    if (item !== undefined) return item;
    this.created++;
    return this.hooks.create();
  }

  release(item: T): void {
    this.inUse--;
    this.hooks.reset(item);
    if (this.free.length < this.maxFree) this.free.push(item);
    else {
      this.created--;
      this.hooks.dispose(item);
    }
  }

  get freeCount(): number {
    return this.free.length;
  }

  /** Items alive (in use + waiting in the pool). */
  get alive(): number {
    return this.inUse + this.free.length;
  }

  drain(): void {
    for (const item of this.free) this.hooks.dispose(item);
    this.created -= this.free.length;
    this.free = [];
  }
}
