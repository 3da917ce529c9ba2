import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { connect, moveToParent } from '../../../src/state/operations';
import { decodeBuiltMap, encodeBuiltMap } from '../../../src/state/ydoc/builtMap';
import { fromDoc } from '../../../src/state/ydoc/fromDoc';
import { mapDoc, META } from '../../../src/state/ydoc/shape';
import { toDoc } from '../../../src/state/ydoc/toDoc';
import { tree } from '../helpers/tree';
import { canon } from './helpers';

function docOf(): Y.Doc {
  const store = tree('Root', ['A', 'A1', 'A2'], 'B', ['C', 'C1']);
  connect(store, 'A1', 'C1');
  const doc = new Y.Doc();
  toDoc(doc, store.getState());
  return doc;
}

/** The document as a reload finds it: a fresh doc with the stored update applied. */
function reloaded(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdateV2(copy, Y.encodeStateAsUpdateV2(doc));
  return copy;
}

describe('built map kept with a snapshot', () => {
  it('decodes to what fromDoc builds, links, settings and repairs included', () => {
    const doc = docOf();
    // A cycle from two concurrent moves: fromDoc repairs it, and the built map says so too.
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    const d = mapDoc(doc);
    const d2 = mapDoc(other);
    d.tree.set('A', { ...d.tree.get('A')!, parent: 'B' });
    d2.tree.set('B', { ...d2.tree.get('B')!, parent: 'A' });
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other));
    d.meta.set(META.autoLayout, true);

    const text = encodeBuiltMap(doc)!;
    const copy = reloaded(doc);
    const built = decodeBuiltMap(text, copy)!;
    const read = fromDoc(copy);
    expect(built).not.toBeNull();
    expect(read.repaired).toEqual(['A']);
    expect(built.repaired).toEqual(read.repaired);
    expect(built.dormantLinks).toEqual(read.dormantLinks);
    expect(canon(built.state)).toEqual(canon(read.state));
    expect(built.state.settings.autoLayout).toBe(true);
  });

  it('is refused for a document it was not built from, or when damaged', () => {
    const doc = docOf();
    const text = encodeBuiltMap(doc)!;
    expect(decodeBuiltMap(text, reloaded(doc))).not.toBeNull();

    const grown = reloaded(doc);
    mapDoc(grown).topic.set('extra', mapDoc(grown).topic.get('B')!);
    mapDoc(grown).tree.set('extra', mapDoc(grown).tree.get('B')!);
    expect(decodeBuiltMap(text, grown)).toBeNull();

    const newerSchema = reloaded(doc);
    mapDoc(newerSchema).meta.set(META.schemaVersion, 99);
    expect(decodeBuiltMap(text, newerSchema)).toBeNull();

    expect(decodeBuiltMap(text.slice(0, text.length - 10), reloaded(doc))).toBeNull();
    type Text = { format: number; nodes: { parentId: number }[] | string; looks: unknown[]; treeLooks: number[]; links: { target: string }[] };
    const edited = (edit: (b: Text) => void) => {
      const b = JSON.parse(text) as Text;
      edit(b);
      return decodeBuiltMap(JSON.stringify(b), reloaded(doc));
    };
    expect(edited(() => {})).not.toBeNull();
    expect(edited((b) => (b.format = 99))).toBeNull();
    expect(edited((b) => (b.nodes = 'x'))).toBeNull();
    // A parent after its child, or past the end; a look that is not there; a link to nowhere.
    expect(edited((b) => ((b.nodes as { parentId: number }[])[1].parentId = 3))).toBeNull();
    expect(edited((b) => ((b.nodes as { parentId: number }[])[1].parentId = 1000))).toBeNull();
    expect(edited((b) => (b.treeLooks[0] = b.looks.length))).toBeNull();
    expect(edited((b) => (b.links[0].target = 'nowhere'))).toBeNull();
    expect(edited((b) => b.treeLooks.pop())).toBeNull();
    expect(decodeBuiltMap(undefined, reloaded(doc))).toBeNull();
  });

  it('is not kept for an empty document or one from a newer build', () => {
    expect(encodeBuiltMap(new Y.Doc())).toBeNull();
    const doc = docOf();
    mapDoc(doc).meta.set(META.schemaVersion, 99);
    expect(encodeBuiltMap(doc)).toBeNull();
  });

  it('a moved topic reads the same from the text as from the document', () => {
    const store = tree('Root', ['A', 'A1'], 'B');
    moveToParent(store, 'A1', 'B');
    const doc = new Y.Doc();
    toDoc(doc, store.getState());
    const built = decodeBuiltMap(encodeBuiltMap(doc), reloaded(doc))!;
    expect(canon(built.state)).toEqual(canon(fromDoc(doc).state));
  });
});
