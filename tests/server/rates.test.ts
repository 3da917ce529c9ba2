/** Token buckets per key: what the snapshot route counts each map's requests with. */
import { describe, expect, it } from 'vitest';
import { RatesByKey } from '../../server/limits';

describe('rates by key', () => {
  it('lets a burst through per key, then says how long to wait, and refills over time', () => {
    let now = 0;
    const rates = new RatesByKey(1, 3, () => now);
    expect([rates.take('a'), rates.take('a'), rates.take('a')]).toEqual([0, 0, 0]);
    expect(rates.take('a')).toBe(1);
    expect(rates.take('b')).toBe(0);
    now += 500;
    expect(rates.take('a')).toBeCloseTo(0.5);
    now += 500;
    expect(rates.take('a')).toBe(0);
  });

  it('forgets keys whose bucket is full again once it holds many', () => {
    let now = 0;
    const rates = new RatesByKey(1, 2, () => now, 4);
    for (const k of ['a', 'b', 'c', 'd']) rates.take(k);
    rates.take('a');
    expect(rates.size).toBe(4);
    now += 1500; // b, c and d full again; a (two taken) not yet
    rates.take('e');
    expect(rates.size).toBe(2);
    expect(rates.take('a')).toBe(0);
    expect(rates.take('a')).toBeGreaterThan(0);
  });
});
