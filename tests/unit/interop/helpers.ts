/**
 * Reading the interop corpus for tests: the files stay in ../shared/interop-corpus (next to the
 * project), never copied into it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { OutlineTopic } from '../../../src/state/interop/outline';
import type { ImportReport } from '../../../src/state/interop/report';
import { decodeXml } from '../../../src/state/interop/xml';
import type { MindMapState } from '../../../src/state/doc';
import type { NodeData } from '../../../src/state/model';
import { buildState } from '../../../src/state/snapshot';
import { makeEdge, makeNode } from '../helpers/mapFixtures';

export const CORPUS = join(__dirname, '../../../../shared/interop-corpus');

export function corpusBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(join(CORPUS, path)));
}

/** An XML corpus file decoded as its declaration says. */
export function corpusXml(path: string): string {
  return decodeXml(corpusBytes(path), 'test').text;
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

/** A root with one child per entry, at heading depth and at list depth (below a chain of two). */
export function headingAndListMap(topics: Partial<NodeData>[]): MindMapState {
  const nodes = [makeNode('root', null, { label: 'Root' }), makeNode('h', 'root', { label: 'Heading' }), makeNode('l', 'h', { label: 'List' })];
  topics.forEach((data, i) => {
    nodes.push(makeNode(`a${i}`, 'root', data));
    nodes.push(makeNode(`b${i}`, 'l', data));
  });
  return buildState({ nodes, edges: nodes.slice(1).map((n) => makeEdge(n.parentId!, n.id)) }, 'root');
}
