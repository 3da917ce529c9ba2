/**
 * The map as fromDoc builds it from a stored snapshot, kept beside that snapshot so a reload can
 * skip fromDoc.
 *
 * Why: reading 100k topics from the document costs one JSON.parse per record and a sort per sibling
 * list (about 1 s on the main thread), while parsing the whole built map at once costs a third of
 * that. The merge worker, which already holds the merged document, reads it (readDoc) and stores the
 * result in the same IndexedDB put as the snapshot's update, so the two always describe the same
 * document. On load the text is used only if the document it was built from is the one in memory:
 * the sizes of its record maps and its schema version must match; anything else (no text, damaged
 * text, a mismatch) falls back to fromDoc.
 */
import type * as Y from 'yjs';
import { decodeMapText, encodeMapText } from '../mapText';
import { readDoc, type FromDocResult } from './fromDoc';
import { layoutOf, mapDoc, schemaVersionOf, type MapDoc } from './shape';

/** What the text keeps beside the map (mapText.ts) about the document it was built from. */
interface BuiltExtra {
  /** Record counts of the document: tree, topic, link, meta. */
  sizes: [number, number, number, number];
  schemaVersion: number;
  repaired: string[];
  dormantLinks: string[];
}

function sizesOf(d: MapDoc): BuiltExtra['sizes'] {
  return [d.tree.size, d.topic.size, d.link.size, d.meta.size];
}

/**
 * The built map of `doc` as text, or null when there is nothing worth keeping (no topic, or a
 * document from a newer build, which is never rebuilt here).
 */
export function encodeBuiltMap(doc: Y.Doc | MapDoc): string | null {
  const d = 'tree' in doc ? doc : mapDoc(doc);
  const c = readDoc(d);
  if (c.rootId === null || c.newer) return null;
  const extra: BuiltExtra = { sizes: sizesOf(d), schemaVersion: c.schemaVersion, repaired: c.repaired, dormantLinks: c.dormantLinks };
  // readDoc's order is the text's: depth first, each topic's tree edge at its place.
  return encodeMapText({ rootId: c.rootId, settings: c.settings, nodes: c.nodes, edges: c.edges }, { ...extra });
}

/**
 * The map `text` holds, if it was built from a document like `doc` (the snapshot just applied);
 * null when it cannot be trusted, so the caller reads the document instead.
 */
export function decodeBuiltMap(text: unknown, doc: Y.Doc | MapDoc): FromDocResult | null {
  const d = 'tree' in doc ? doc : mapDoc(doc);
  const decoded = decodeMapText(text);
  if (!decoded) return null;
  const b = decoded.extra as Partial<BuiltExtra>;
  if (!Array.isArray(b.sizes) || b.schemaVersion !== schemaVersionOf(d)) return null;
  const sizes = sizesOf(d);
  if (sizes.some((v, i) => b.sizes![i] !== v)) return null;
  const { settings } = decoded.state;
  if (settings.layout !== layoutOf(settings.layout) || !Array.isArray(b.repaired) || !Array.isArray(b.dormantLinks)) return null;
  return { state: decoded.state, schemaVersion: b.schemaVersion, newer: false, repaired: b.repaired, dormantLinks: b.dormantLinks };
}
