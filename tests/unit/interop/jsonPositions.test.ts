import { describe, expect, it } from 'vitest';
import { readMapFile } from '../../../src/state/interop';
import { hasOwnPositions } from '../../../src/ui/editor/import/ownPositions';

const topic = (id: string, parentId: string | null, position?: { x: number; y: number }) => ({
  id,
  type: parentId === null ? 'root' : 'child',
  parentId,
  connectionType: 'standard',
  data: { label: id, expanded: true, color: '#9b87f5', animation: 'pulse' },
  ...(position ? { position } : {}),
});
const edgesOf = (nodes: { id: string; parentId: string | null }[]) =>
  nodes.filter((n) => n.parentId).map((n) => ({ id: `e-${n.parentId}-${n.id}`, source: n.parentId, target: n.id }));

describe('MindFlow JSON without positions', () => {
  it('is laid out on import as other formats are, and the report says so', () => {
    const nodes = [topic('root', null), topic('a', 'root'), topic('b', 'root'), topic('c', 'a')];
    const out = readMapFile({ text: JSON.stringify({ nodes, edges: edgesOf(nodes) }), fileName: 'outline.json' });
    if (out.ok !== true) throw new Error('not read');
    expect(out.positioned).toBe(false);
    expect(hasOwnPositions(out)).toBe(false);
    expect(out.report.choices).toContain('Its topics have no positions: the map gets the Balanced layout.');
    // The missing positions are not reported as repaired; other repairs still are.
    expect(out.report.warnings.join(' ')).not.toContain('position');
    expect(out.report.warnings.join(' ')).toContain('edges without a style');
  });

  it('a map with its positions keeps them; a few missing ones are placed at 0,0 and reported', () => {
    const nodes = [topic('root', null, { x: 0, y: 0 }), topic('a', 'root', { x: 200, y: 0 }), topic('b', 'root', { x: 200, y: 70 }), topic('c', 'a')];
    const out = readMapFile({ text: JSON.stringify({ nodes, edges: edgesOf(nodes) }) });
    if (out.ok !== true) throw new Error('not read');
    expect(out.positioned).toBeUndefined();
    expect(hasOwnPositions(out)).toBe(true);
    expect(out.report.warnings).toContain('Repaired while loading: 1 topic without a position placed at 0,0.');
  });
});
