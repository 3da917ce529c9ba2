import { describe, expect, it } from 'vitest';
import { LeaveGuard } from '../../../src/ui/editor/storage/leaveGuard';

describe('the question before leaving the page', () => {
  it('is asked while any reason holds it, and no longer once none does', () => {
    const listeners = new Set<(e: { preventDefault(): void }) => void>();
    const target = {
      addEventListener: (_: string, l: (e: { preventDefault(): void }) => void) => listeners.add(l),
      removeEventListener: (_: string, l: (e: { preventDefault(): void }) => void) => listeners.delete(l),
    } as unknown as Window;
    const guard = new LeaveGuard(target);
    const asked = () => {
      let prevented = false;
      for (const l of listeners) l({ preventDefault: () => (prevented = true) });
      return prevented;
    };
    expect(asked()).toBe(false);
    guard.set('keeping', true);
    guard.set('failing', true);
    guard.set('failing', true);
    expect(listeners.size).toBe(1);
    expect(asked()).toBe(true);
    guard.set('keeping', false);
    expect(asked()).toBe(true);
    guard.set('failing', false);
    expect(guard.asking).toBe(false);
    expect(asked()).toBe(false);
    expect(listeners.size).toBe(0);
  });
});
