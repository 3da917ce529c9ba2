/**
 * An XMind 2020+ file: a zip with `content.json` (one sheet: the topic tree with notes, href, labels
 * for tags, priority and task markers, folded branches, colours as fills, connections as relationships),
 * `metadata.json` and `manifest.json`, plus the `content.xml` stub XMind itself writes so that
 * XMind 8 says the file needs a newer version instead of showing nothing.
 * content.json is written as text, iteratively: JSON.stringify recurses and a 100,000-level chain
 * would overflow the stack.
 */
import { strToU8, zipSync } from 'fflate';
import type { Priority } from '../model';
import type { Outline, OutlineTopic } from './outline';
import { walkOutline, xmlText } from './writeCommon';

export const PRIORITY_MARKERS: Record<Priority, string> = { high: 'priority-1', medium: 'priority-2', low: 'priority-3' };

const str = JSON.stringify;

function noteHtml(notes: string): string {
  return notes
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => `<div>${l === '' ? '<br>' : xmlText(l)}</div>`)
    .join('');
}

/** The sheets array of content.json, as text. */
export function xmindContent(outline: Outline, sheetTitle = 'Map 1'): string {
  const ids = new Map<string, string>();
  let n = 0;
  walkOutline(outline.roots, (t) => {
    n++;
    if (t.sourceId !== undefined) ids.set(t.sourceId, `topic-${n}`);
  });

  const parts: string[] = [`[{"id":"sheet-1","class":"sheet","title":${str(sheetTitle)},"rootTopic":`];
  // Several roots cannot all be the sheet's root topic: wrap them under one named by the title.
  const wrapped = outline.roots.length !== 1;
  const roots = wrapped ? [{ label: outline.title ?? 'Map', children: outline.roots }] : outline.roots;
  // Numbered as in the first walk (a wrapper root is number 0).
  n = wrapped ? -1 : 0;
  // The first child of the topic open at each depth: no comma before it.
  const firstChild: OutlineTopic[] = [];
  walkOutline(
    roots,
    (t, depth) => {
      n++;
      if (depth > 0 && t !== firstChild[depth - 1]) parts.push(',');
      let s = `{"id":"${n === 0 ? 'topic-root' : `topic-${n}`}","class":"topic","title":${str(t.label)}`;
      if (depth === 0) s += ',"structureClass":"org.xmind.ui.map.unbalanced"';
      if (t.notes) s += `,"notes":{"plain":{"content":${str(t.notes)}},"realHTML":{"content":${str(noteHtml(t.notes))}}}`;
      if (t.link) s += `,"href":${str(t.link)}`;
      if (t.tags && t.tags.length) s += `,"labels":${str(t.tags)}`;
      const markers: string[] = [];
      if (t.priority) markers.push(PRIORITY_MARKERS[t.priority]);
      if (t.done !== undefined) markers.push(t.done ? 'task-done' : 'task-start');
      if (markers.length) s += `,"markers":[${markers.map((m) => `{"markerId":"${m}"}`).join(',')}]`;
      if (t.collapsed && t.children.length) s += ',"branch":"folded"';
      if (t.color) s += `,"style":{"id":"style-${n}","properties":{"svg:fill":${str(t.color)}}}`;
      if (t.children.length) {
        s += ',"children":{"attached":[';
        firstChild[depth] = t.children[0];
      }
      parts.push(s);
    },
    (t) => {
      parts.push(t.children.length ? ']}}' : '}');
    },
  );
  const rels: string[] = [];
  for (const c of outline.connections) {
    const a = ids.get(c.from);
    const b = ids.get(c.to);
    if (a === undefined || b === undefined) continue;
    const title = c.label ? `,"title":${str(c.label)}` : '';
    rels.push(`{"id":"rel-${rels.length + 1}","end1Id":"${a}","end2Id":"${b}"${title}}`);
  }
  parts.push(rels.length ? `,"relationships":[${rels.join(',')}]}]` : '}]');
  return parts.join('');
}

const CONTENT_XML_STUB =
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>' +
  '<xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0" version="2.0">' +
  '<sheet id="sheet-1"><topic id="stub-root"><title>Warning</title><children><topics type="attached">' +
  '<topic id="stub-1"><title>This file can not be opened normally in XMind 8: please open it with XMind 2020 or later.</title></topic>' +
  '</topics></children></topic><title>Sheet 1</title></sheet></xmap-content>';

export function writeXmind(outline: Outline, now: Date = new Date()): Uint8Array {
  const content = xmindContent(outline);
  const metadata = JSON.stringify({
    dataStructureVersion: '2',
    layoutEngineVersion: '3',
    creator: { name: 'MindFlow', version: '1.0' },
    created: now.toISOString(),
  });
  const manifest = JSON.stringify({ 'file-entries': { 'content.json': {}, 'metadata.json': {}, 'content.xml': {} } });
  return zipSync(
    {
      'content.json': strToU8(content),
      'metadata.json': strToU8(metadata),
      'manifest.json': strToU8(manifest),
      'content.xml': strToU8(CONTENT_XML_STUB),
    },
    { level: 6, mtime: now },
  );
}
