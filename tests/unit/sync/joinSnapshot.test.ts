import { describe, expect, it } from 'vitest';
import { decodeJoinSnapshot, encodeJoinSnapshot } from '../../../src/state/sync/joinSnapshot';

describe('the snapshot a joining device fetches, as bytes', () => {
  it('carries the update and the built map, or no built map', () => {
    const update = new Uint8Array([1, 2, 3, 0, 255]);
    const back = decodeJoinSnapshot(encodeJoinSnapshot(update, '{"format":2,"é":"🙂"}'));
    expect(Array.from(back!.update)).toEqual([1, 2, 3, 0, 255]);
    expect(back!.built).toBe('{"format":2,"é":"🙂"}');
    expect(decodeJoinSnapshot(encodeJoinSnapshot(update, null))!.built).toBeNull();
  });

  it('refuses what is not one: another body, a cut update, text that is not UTF-8', () => {
    const good = encodeJoinSnapshot(new Uint8Array(10), 'x');
    expect(decodeJoinSnapshot(new TextEncoder().encode('<!doctype html><title>MindFlow</title>'))).toBeNull();
    expect(decodeJoinSnapshot(good.subarray(0, 12))).toBeNull();
    expect(decodeJoinSnapshot(new Uint8Array([...good.subarray(0, 18), 0xff, 0xfe]))).toBeNull();
    expect(decodeJoinSnapshot(new Uint8Array(3))).toBeNull();
  });
});
