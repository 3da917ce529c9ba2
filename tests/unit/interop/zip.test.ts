import { zipSync, strToU8, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../src/state/interop/reader';
import { unzip } from '../../../src/state/interop/zip';

function reasonOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return (e as FormatError).reason;
  }
  throw new Error('expected a FormatError');
}

/** Patches the declared uncompressed size of every central-directory entry (a lying header). */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
    if (view.getUint32(i, true) === 0x04034b50) view.setUint32(i + 22, size, true);
  }
  return out;
}

describe('unzip', () => {
  it('reads stored and deflated entries and leaves folders out', () => {
    const zip = zipSync({
      'content.json': [strToU8('[{"title":"Sheet"}]'), { level: 9 }],
      'plain.txt': [strToU8('stored text'), { level: 0 }],
      'resources/': new Uint8Array(0),
      'resources/a.txt': strToU8('é ü ✓'),
    });
    const files = unzip(zip);
    expect([...files.keys()].sort()).toEqual(['content.json', 'plain.txt', 'resources/a.txt']);
    expect(strFromU8(files.get('content.json')!)).toBe('[{"title":"Sheet"}]');
    expect(strFromU8(files.get('plain.txt')!)).toBe('stored text');
    expect(strFromU8(files.get('resources/a.txt')!)).toBe('é ü ✓');
  });

  it('refuses what is not a zip', () => {
    expect(reasonOf(() => unzip(strToU8('<xmap-content/>')))).toBe('it is not a ZIP archive');
    expect(reasonOf(() => unzip(new Uint8Array(0)))).toBe('it is not a ZIP archive');
  });

  it('refuses a truncated zip', () => {
    const zip = zipSync({ 'content.json': strToU8('x'.repeat(5000) + Math.random()) });
    expect(reasonOf(() => unzip(zip.subarray(0, zip.length - 30)))).toMatch(/truncated/);
    expect(reasonOf(() => unzip(zip.subarray(0, 40)))).toMatch(/truncated/);
  });

  it('refuses a truncated deflate stream inside an intact directory', () => {
    const body = new Uint8Array(200_000);
    for (let i = 0; i < body.length; i++) body[i] = (i * 7919) % 251;
    const zip = zipSync({ 'content.json': body });
    // Cut bytes out of the middle of the compressed data and keep the directory.
    const damaged = new Uint8Array(zip.length);
    damaged.set(zip);
    const dataStart = 30 + 'content.json'.length;
    damaged.fill(0xff, dataStart + 100, dataStart + 4000);
    expect(() => unzip(damaged)).toThrow(FormatError);
  });

  it('refuses a zip bomb by its declared sizes', () => {
    const zeros = new Uint8Array(3 * 1024 * 1024);
    const zip = zipSync({ 'content.json': [zeros, { level: 9 }] });
    expect(zip.length).toBeLessThan(20_000);
    expect(reasonOf(() => unzip(zip, 1024 * 1024))).toBe('the archive unpacks to more than 1 MB');
  });

  it('stops a zip bomb while inflating when its headers lie', () => {
    const zeros = new Uint8Array(3 * 1024 * 1024);
    const zip = lieAboutSizes(zipSync({ 'a.bin': [zeros, { level: 9 }], 'b.bin': [zeros, { level: 9 }] }), 10);
    expect(reasonOf(() => unzip(zip, 4 * 1024 * 1024))).toBe('the archive unpacks to more than 4 MB');
    // Under a cap that holds it, the same archive reads in full: the real size, not the header's.
    expect(unzip(zip, 8 * 1024 * 1024).get('a.bin')!.length).toBe(zeros.length);
  });

  it('caps at 200 MB by default', () => {
    const zeros = new Uint8Array(1024 * 1024);
    const zip = lieAboutSizes(zipSync({ 'a.bin': [zeros, { level: 9 }] }), 300 * 1024 * 1024);
    expect(reasonOf(() => unzip(zip))).toBe('the archive unpacks to more than 200 MB');
  });
});
