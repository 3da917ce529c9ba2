/**
 * Asks before the page is left (closed, reloaded, navigated away) while something would be lost:
 * a big map still being written into the document, a replaced map still being kept, or changes that
 * storage keeps refusing. Each holds the question under its own name.
 */
export class LeaveGuard {
  private readonly holds = new Set<string>();

  constructor(private readonly target: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = typeof window === 'undefined' ? null : window) {}

  /** Holds (or lets go of) the question for `why`. */
  set(why: string, hold: boolean): void {
    const before = this.holds.size;
    if (hold) this.holds.add(why);
    else this.holds.delete(why);
    if (before === 0 && this.holds.size > 0) this.target?.addEventListener('beforeunload', ask);
    else if (before > 0 && this.holds.size === 0) this.target?.removeEventListener('beforeunload', ask);
  }

  get asking(): boolean {
    return this.holds.size > 0;
  }
}

function ask(e: BeforeUnloadEvent): void {
  e.preventDefault();
}
