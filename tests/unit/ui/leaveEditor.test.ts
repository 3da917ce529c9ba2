/** Unsaved input asks before the editor is left: which links leave it, and the page-unload question. */
import { afterEach, describe, expect, it } from 'vitest';
import { pathOutOf } from '../../../src/ui/editor/EditNodePanel/linksOut';
import { askBeforeUnload, hasUnsavedInput, holdUnsavedInput } from '../../../src/ui/editor/unsavedInput';

const editor = { origin: 'https://mindflow.test', pathname: '/mindmap' };
const link = (href: string, target = '', download = false) => ({ href, target, download });

describe('links out of the editor', () => {
  it('Back to Home and other in-app pages leave the editor', () => {
    expect(pathOutOf(link('https://mindflow.test/'), editor)).toBe('/');
    expect(pathOutOf(link('/'), editor)).toBe('/');
    expect(pathOutOf(link('/mindmap/shared/abc?x=1#view=t'), editor)).toBe('/mindmap/shared/abc?x=1#view=t');
  });

  it('another site, a new tab, a download or the same page do not', () => {
    expect(pathOutOf(link('https://example.com/doc'), editor)).toBeNull();
    expect(pathOutOf(link('/', '_blank'), editor)).toBeNull();
    expect(pathOutOf(link('/report.json', '', true), editor)).toBeNull();
    expect(pathOutOf(link('/mindmap#section'), editor)).toBeNull();
    expect(pathOutOf(link('/', '_self'), editor)).toBe('/');
  });
});

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
