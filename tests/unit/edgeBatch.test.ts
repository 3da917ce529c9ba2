/** EdgeBatch (bulk.ts) leaves the adjacency lists as inserting and deleting edge by edge does. */
import fc from 'fast-check';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { beginBulk, EdgeBatch, finishBulk } from '../../src/state/bulk';
import { edgeId } from '../../src/state/doc';
import { deleteEdge, insertEdge } from '../../src/state/mutations';
import { restoreMap } from '../../src/state/restore';
import { tableForEach } from '../../src/state/table';
import { makeEdge, treeSnapshot } from './helpers/mapFixtures';

const ids = ['r', 'a', 'b', 'c', 'd'];
const base = (() => {
  const r = restoreMap(treeSnapshot([['r', null], ['a', 'r'], ['b', 'r'], ['c', 'a'], ['d', 'b']]));
  if (!r.ok) throw new Error(r.error);
  return r.state;
})();

const opArb = fc.record({
  insert: fc.boolean(),
  source: fc.constantFrom(...ids),
  target: fc.constantFrom(...ids),
});

function lists(s: typeof base): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  tableForEach(s.adj, (list, id) => (out[id] = [...list]));
  return out;
}

describe('EdgeBatch', () => {
  it('gives the lists and edges of one-by-one inserts and deletes', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        const ops2 = ops.filter((o) => o.source !== o.target);
        const oneByOne = produce(base, (d) => {
          for (const o of ops2) {
            const id = edgeId(o.source, o.target);
            if (o.insert) {
              deleteEdge(d, id);
              insertEdge(d, makeEdge(o.source, o.target));
            } else deleteEdge(d, id);
          }
        });
        const w = beginBulk(base);
        const batch = new EdgeBatch(w);
        for (const o of ops2) {
          const id = edgeId(o.source, o.target);
          batch.delete(id);
          if (o.insert) batch.insert(makeEdge(o.source, o.target));
        }
        batch.finish();
        const bulk = finishBulk(base, w).state;
        expect(lists(bulk)).toEqual(lists(oneByOne));
        const edgeIds = (s: typeof base) => {
          const out: string[] = [];
          tableForEach(s.edges, (_e, id) => out.push(id));
          return out.sort();
        };
        expect(edgeIds(bulk)).toEqual(edgeIds(oneByOne));
      }),
      { numRuns: 300 },
    );
  });
});
