import { describe, expect, test } from 'vitest';
import { approximateCharWidth, layoutLabel, MetricsCache, TextMeasurer, truncateToWidth } from '../../../src/scene/topics/nodeMetrics';
import { NODE_MAX_WIDTH, NODE_MIN_WIDTH } from '../../../src/state/model';

const m = new TextMeasurer(() => 7);

describe('topic width and label', () => {
  test('short labels get the minimum width', () => {
    const r = layoutLabel(m, 'Hi');
    expect(r.width).toBe(NODE_MIN_WIDTH);
    expect(r.lines).toEqual(['Hi']);
  });

  test('width grows with the label up to the maximum', () => {
    const r = layoutLabel(m, 'x'.repeat(20)); // 140 + 24
    expect(r.width).toBe(164);
    expect(r.lines.length).toBe(1);
  });

  test('long labels wrap at spaces into two lines, then ellipsis', () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    const r = layoutLabel(m, words);
    expect(r.width).toBe(NODE_MAX_WIDTH);
    expect(r.lines.length).toBe(2);
    expect(r.lines[0].endsWith(' ')).toBe(false);
    expect(r.lines[1].endsWith('…')).toBe(true);
    for (const line of r.lines) expect(m.width(line)).toBeLessThanOrEqual(NODE_MAX_WIDTH - 24);
  });

  test('a single word longer than a line is broken', () => {
    const r = layoutLabel(m, 'a'.repeat(60));
    expect(r.lines.length).toBe(2);
    expect(r.lines[0].length).toBe(28);
  });

  test('white space in a label is one space, none at the ends', () => {
    expect(layoutLabel(m, 'plain label').label).toBe('plain label');
    expect(layoutLabel(m, '  two\t\tlines\nand\u00a0more  ').label).toBe('two lines and more');
    expect(layoutLabel(m, 'a  b').label).toBe('a b');
    expect(layoutLabel(m, ' lead').label).toBe('lead');
  });

  test('non-string labels do not crash', () => {
    expect(layoutLabel(m, undefined).lines).toEqual(['']);
    expect(layoutLabel(m, 42).lines).toEqual(['42']);
  });

  test('truncate', () => {
    expect(truncateToWidth(m, 'abc', 100)).toBe('abc');
    expect(truncateToWidth(m, 'abcdefghij', 35)).toBe('abcd…');
  });

  test('char widths are measured once each', () => {
    let calls = 0;
    const counted = new TextMeasurer((ch) => {
      calls++;
      return approximateCharWidth(ch);
    });
    counted.width('hello hello hello');
    expect(calls).toBe(5); // h e l o and space
  });

  test('text beyond ASCII is measured a character at a time, a surrogate pair as one', () => {
    const seen: string[] = [];
    const counted = new TextMeasurer((ch) => {
      seen.push(ch);
      return ch.length === 2 ? 20 : ch.charCodeAt(0) < 128 ? 5 : 12;
    });
    expect(counted.width('aé🙂b🙂')).toBe(5 + 12 + 20 + 5 + 20);
    expect(seen).toEqual(['a', 'é', '🙂', 'b']);
    // A lone surrogate is a character of its own, as `for … of` reads it.
    expect(counted.width('\ud83d')).toBe(12);
  });

  test('cache re-measures only when the label changes', () => {
    const cache = new MetricsCache(m);
    const a = cache.get('x', 'Label');
    expect(cache.get('x', 'Label')).toBe(a);
    expect(cache.get('x', 'Other label')).not.toBe(a);
  });
});
