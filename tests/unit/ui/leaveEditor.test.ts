/** Unsaved input asks before the page is unloaded (leaving within the app is the router's blocker: e2e). */
import { afterEach, describe, expect, it } from 'vitest';
import { askBeforeUnload, hasUnsavedInput, holdUnsavedInput } from '../../../src/ui/editor/unsavedInput';

describe('page unload with unsaved input', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  const unload = () => {
    const e = { defaultPrevented: false, returnValue: undefined as unknown, preventDefault() { this.defaultPrevented = true; } };
    askBeforeUnload(e as unknown as BeforeUnloadEvent);
    return e;
  };

  it('asks only while something holds unsaved input', () => {
    expect(hasUnsavedInput()).toBe(false);
    expect(unload().defaultPrevented).toBe(false);

    let dirty = true;
    stops.push(holdUnsavedInput(() => dirty));
    const asked = unload();
    expect(asked.defaultPrevented).toBe(true);
    expect(asked.returnValue).toBe('');

    dirty = false;
    expect(unload().defaultPrevented).toBe(false);
  });

  it('a removed holder no longer counts', () => {
    const stop = holdUnsavedInput(() => true);
    expect(hasUnsavedInput()).toBe(true);
    stop();
    expect(hasUnsavedInput()).toBe(false);
  });
});
