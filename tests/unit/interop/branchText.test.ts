import { describe, expect, it } from 'vitest';
import { branchAsMarkdown, branchAsText, branchCopy, branchOutline, MAX_TEXT_DEPTH, outlineAsText } from '../../../src/state/interop/branchText';
import { readMarkdown } from '../../../src/state/interop/markdown';
import type { NodeData } from '../../../src/state/model';
import { editNode } from '../../../src/state/mutations';
import { connect, setExpanded } from '../../../src/state/operations';
import type { MindMapStore } from '../../../src/state/store';
import { chain, tree } from '../helpers/tree';

function updateNodeData(store: MindMapStore, id: string, patch: Partial<NodeData>): void {
  store.transact('edit', (d) => {
    Object.assign(editNode(d, id)!.data, patch);
  });
}

describe('branch as text', () => {
  it('writes the topic and all its descendants, folded ones too, one tab per level', () => {
    const store = tree('Root', ['Plan', ['Goals', 'G1', 'G2'], 'Risks'], 'Other');
    setExpanded(store, 'Goals', false);
    expect(branchAsText(store.getState(), 'Plan')).toBe('Plan\n\tGoals\n\t\tG1\n\t\tG2\n\tRisks\n');
    expect(branchAsText(store.getState(), 'G1')).toBe('G1\n');
    expect(branchAsText(store.getState(), 'missing')).toBe('');
  });

  it('joins the lines of a multi-line label', () => {
    const store = tree('Root', 'A');
    updateNodeData(store, 'A', { label: 'first line\n  second line' });
    expect(branchAsText(store.getState(), 'root')).toBe('Root\n\tfirst line second line\n');
  });

  it('stops indenting at MAX_TEXT_DEPTH, so a very deep chain stays linear in size', () => {
    const store = chain(MAX_TEXT_DEPTH + 50);
    const text = branchAsText(store.getState(), 'root');
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(MAX_TEXT_DEPTH + 51);
    expect(lines[lines.length - 1]).toBe('\t'.repeat(MAX_TEXT_DEPTH) + `n${MAX_TEXT_DEPTH + 50}`);
  });
});

describe('branchCopy', () => {
  it('counts the topics its Markdown writes higher than their depth, and those are what a paste of it puts side by side', () => {
    const shallow = branchCopy(tree('Root', ['A', ['B', 'C']]).getState(), 'root');
    expect(shallow.flattened).toBe(0);
    const deep = branchCopy(chain(300).getState(), 'root');
    expect(deep.flattened).toBeGreaterThan(0);
    // Read back, the chain is as deep as the Markdown nests, then the rest side by side.
    let depth = 0;
    let widest = 0;
    let level = readMarkdown(deep.markdown).outline.roots;
    while (level.length) {
      depth++;
      widest = Math.max(widest, level.length);
      level = level.flatMap((t) => t.children);
    }
    // One topic per level down to the deepest, where the one that belongs there has the flattened ones beside it.
    expect(widest).toBe(deep.flattened + 1);
    expect(depth - 1 + widest).toBe(301);
  });
});

describe('branch outline and Markdown', () => {
  it('keeps notes, links, tags, priority, colour, folding, and the connections inside the branch', () => {
    const store = tree('Root', ['Plan', 'A', 'B'], 'Outside');
    updateNodeData(store, 'A', {
      notes: 'Para one\n\nPara two',
      attachment: { type: 'link', url: 'https://example.com/a', title: 'Example' },
      tags: ['x'],
      priority: 'high',
      color: '#ef4444',
    });
    setExpanded(store, 'Plan', false);
    connect(store, 'A', 'B');
    connect(store, 'A', 'Outside');
    const o = branchOutline(store.getState(), 'Plan');
    expect(o.roots).toHaveLength(1);
    const plan = o.roots[0];
    expect(plan.collapsed).toBe(true);
    const a = plan.children[0];
    expect(a).toMatchObject({
      label: 'A',
      notes: 'Para one\n\nPara two',
      link: 'https://example.com/a',
      linkTitle: 'Example',
      tags: ['x'],
      priority: 'high',
      color: '#ef4444',
    });
    expect(o.connections).toEqual([{ from: 'A', to: 'B' }]);

    const md = branchAsMarkdown(store.getState(), 'Plan');
    expect(md).toContain('# Plan');
    expect(md).toMatch(/^## \[A\]\(<?https:\/\/example\.com\/a>? "Example"\)$/m);
    expect(md).toContain('Para one');
    expect(md).toContain('## B');
    expect(md).not.toContain('Outside');
  });

  it('escapes Markdown syntax in labels', () => {
    const store = tree('Root', '*not bold* [x]');
    expect(branchAsMarkdown(store.getState(), 'root')).toContain('\\*not bold\\* \\[x\\]');
  });

  it('outlineAsText writes nothing for an empty outline', () => {
    expect(outlineAsText({ roots: [], connections: [] })).toBe('');
  });
});
