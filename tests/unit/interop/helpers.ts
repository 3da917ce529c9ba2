/**
 * Reading the interop corpus for tests: the files stay in ../shared/interop-corpus (next to the
 * project), never copied into it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { OutlineTopic } from '../../../src/state/interop/outline';
import type { ImportReport } from '../../../src/state/interop/report';
import { decodeXmlBytes } from '../../../src/state/interop/xml';

export const CORPUS = join(__dirname, '../../../../shared/interop-corpus');

export function corpusBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(join(CORPUS, path)));
}

/** An XML corpus file decoded as its declaration says. */
export function corpusXml(path: string): string {
  return decodeXmlBytes(corpusBytes(path), 'test');
}

export function corpusText(path: string): string {
  return readFileSync(join(CORPUS, path), 'utf8');
}

/** Every topic of an outline in pre-order, without recursion. */
export function allTopics(roots: readonly OutlineTopic[]): OutlineTopic[] {
  const out: OutlineTopic[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const t = stack.pop()!;
    out.push(t);
    for (let i = t.children.length - 1; i >= 0; i--) stack.push(t.children[i]);
  }
  return out;
}

/** Every report line adds up: found = kept + converted + dropped, and something was found. */
export function expectBalanced(report: ImportReport): void {
  for (const f of report.features) {
    expect(f.found, f.feature).toBeGreaterThan(0);
    expect(f.kept + f.converted + f.dropped, f.feature).toBe(f.found);
    expect(f.examples.length, f.feature).toBeLessThanOrEqual(3);
  }
}

export function feature(report: ImportReport, name: string) {
  return report.features.find((f) => f.feature === name);
}
