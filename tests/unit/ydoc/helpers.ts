import * as Y from 'yjs';
import type { MindMapState } from '../../../src/state/doc';
import { snapshotView } from '../../../src/state/snapshot';
import { MindMapStore } from '../../../src/state/store';
import { bindStore, type BindOptions, type DocBinding } from '../../../src/state/ydoc/binding';

/** A state in a form two states can be compared by: nodes in tree order, edges by id. */
export function canon(s: MindMapState, positions = true) {
  const view = snapshotView(s);
  return {
    rootId: s.rootId,
    settings: s.settings,
    nodes: view.nodes.map((n) => (positions ? n : { ...n, position: null })),
    edges: [...view.edges].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  };
}

export interface Replica {
  doc: Y.Doc;
  store: MindMapStore;
  binding: DocBinding;
  /** Updates this replica produced and not yet delivered. */
  outbox: Uint8Array[];
}

/** A Y.Doc, a store and a binding; local updates are collected in `outbox` for delivery. */
export function replica(from?: Y.Doc, store = new MindMapStore(), options: BindOptions = {}): Replica {
  const doc = new Y.Doc();
  if (from) Y.applyUpdate(doc, Y.encodeStateAsUpdate(from), 'remote');
  const outbox: Uint8Array[] = [];
  doc.on('update', (u: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') outbox.push(u);
  });
  const binding = bindStore(store, doc, options);
  return { doc, store, binding, outbox };
}

export function deliver(update: Uint8Array, to: Replica): void {
  Y.applyUpdate(to.doc, update, 'remote');
}

/** Delivers every pending update to every other replica until nothing is pending. */
export function syncAll(replicas: Replica[]): void {
  for (let round = 0; round < 10; round++) {
    let any = false;
    for (const r of replicas) {
      const out = r.outbox.splice(0);
      for (const u of out) {
        any = true;
        for (const other of replicas) if (other !== r) deliver(u, other);
      }
    }
    if (!any) return;
  }
}
