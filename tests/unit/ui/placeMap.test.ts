/** The import worker's layout (placeMap.ts) puts every topic where the page's own layout would. */
import { describe, expect, it } from 'vitest';
import { generateMap } from '../../../bench/mapGenerator.mjs';
import { getNode, type MindMapState } from '../../../src/state/doc';
import { importState } from '../../../src/state/importMap';
import { orderedMap } from '../../../src/state/mapText';
import { restoreMap } from '../../../src/state/restore';
import { MindMapStore } from '../../../src/state/store';
import { tableForEach } from '../../../src/state/table';
import { NODE_HEIGHT } from '../../../src/scene/constants';
import { approximateCharWidth, MetricsCache, TextMeasurer } from '../../../src/scene/topics/nodeMetrics';
import { placeMap } from '../../../src/ui/editor/import/placeMap';

function map(n: number, collapse = false): MindMapState {
  const file = generateMap(n, { seed: 4 });
  // A long label (several lines) and, if asked, a collapsed branch (laid out all the same).
  file.nodes[3].data.label = 'A label long enough to need more than one line on its card, and then some more words';
  if (collapse) file.nodes[1].data.expanded = false;
  const r = restoreMap(file);
  if (!r.ok) throw new Error(r.error);
  // Positions from the file are not an import's: every topic starts at 0,0.
  const s = r.state;
  tableForEach(s.nodes, (node) => {
    node.position = { x: 0, y: 0 };
  });
  return s;
}

const widthsFor = (s: MindMapState): [string, number][] => {
  const chars = new Set<string>();
  tableForEach(s.nodes, (node) => {
    for (const ch of String(node.data.label)) chars.add(ch);
  });
  chars.add('…');
  return [...chars].map((ch) => [ch, approximateCharWidth(ch)]);
};

/** The page's way: the map laid out with measured sizes as it goes into the store. */
function laidOutOnPage(s: MindMapState): MindMapState {
  const store = new MindMapStore();
  const metrics = new MetricsCache(new TextMeasurer((ch) => approximateCharWidth(ch)));
  importState(store, s, { tidy: { sizeOf: (incoming) => (id) => ({ width: metrics.get(id, getNode(incoming, id)?.data.label).width, height: NODE_HEIGHT }) } });
  return store.getState();
}

describe('placeMap', () => {
  it("puts every topic where the page's layout does, with the one-line labels' widths", () => {
    for (const collapse of [false, true]) {
      const s = map(300, collapse);
      const order = orderedMap(s)!.nodes.map((n) => n.id);
      const placed = placeMap(s, order, { kind: 'balanced', widths: widthsFor(s) })!;
      expect(placed).not.toBeNull();
      const page = laidOutOnPage(s);
      const metrics = new MetricsCache(new TextMeasurer((ch) => approximateCharWidth(ch)));
      order.forEach((id, i) => {
        const want = getNode(page, id)!.position;
        const x = placed.positions[2 * i];
        // Not placed by the layout (under a collapsed topic): it keeps its place, as on the page.
        if (Number.isNaN(x)) expect(want).toEqual({ x: 0, y: 0 });
        else expect({ x, y: placed.positions[2 * i + 1] }).toEqual(want);
        const m = metrics.get(id, getNode(s, id)!.data.label);
        if (placed.widths[i] >= 0) expect(placed.widths[i]).toBe(m.width);
        if (m.lines.length > 1) expect(placed.widths[i]).toBe(-1);
      });
    }
  });

  it('leaves a map with a character the page has not measured to the page', () => {
    const s = map(50);
    const order = orderedMap(s)!.nodes.map((n) => n.id);
    const widths = widthsFor(s).filter(([ch]) => ch !== 'e');
    expect(placeMap(s, order, { kind: 'balanced', widths })).toBeNull();
  });
});
