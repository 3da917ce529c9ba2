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
import { connectedNumbers, TextSink, walkOutline, xmlText } from './writeCommon';

export const PRIORITY_MARKERS: Record<Priority, string> = { high: 'priority-1', medium: 'priority-2', low: 'priority-3' };

const str = JSON.stringify;

function noteHtml(notes: string): string {
  return notes
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => `<div>${l === '' ? '<br>' : xmlText(l)}</div>`)
    .join('');
}

// What JSON.stringify would escape in a string: quotes, backslashes, control characters and (a
// surrogate pair aside, which this also sends that way) lone surrogates.
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const JSON_ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A JSON string value, added without a copy when nothing in it needs escaping (the usual label). */
function addJson(out: TextSink, s: string): void {
  if (JSON_ESCAPED.test(s)) {
    out.add(str(s));
    return;
  }
  out.add('"');
  out.add(s);
  out.add('"');
}

/** The sheets array of content.json, as text. */
export function xmindContent(outline: Outline, sheetTitle = 'Map 1'): string {
  const numbers = connectedNumbers(outline);
  const out = new TextSink();
  out.add(`[{"id":"sheet-1","class":"sheet","title":${str(sheetTitle)},"rootTopic":`);
  // Several roots cannot all be the sheet's root topic: wrap them under one named by the title.
  const wrapped = outline.roots.length !== 1;
  const roots = wrapped ? [{ label: outline.title ?? 'Map', children: outline.roots }] : outline.roots;
  // Numbered as connectedNumbers numbers them (a wrapper root is number 0).
  let n = wrapped ? -1 : 0;
  // The first child of the topic open at each depth: no comma before it.
  const firstChild: OutlineTopic[] = [];
  walkOutline(
    roots,
    (t, depth) => {
      n++;
      if (depth > 0 && t !== firstChild[depth - 1]) out.add(',');
      out.add(n === 0 ? '{"id":"topic-root' : '{"id":"topic-');
      if (n !== 0) out.add(String(n));
      out.add('","class":"topic","title":');
      addJson(out, t.label);
      if (depth === 0) out.add(',"structureClass":"org.xmind.ui.map.unbalanced"');
      if (t.notes) out.add(`,"notes":{"plain":{"content":${str(t.notes)}},"realHTML":{"content":${str(noteHtml(t.notes))}}}`);
      if (t.link) {
        out.add(',"href":');
        addJson(out, t.link);
      }
      if (t.tags && t.tags.length) out.add(`,"labels":${str(t.tags)}`);
      if (t.priority || t.done !== undefined) {
        const markers: string[] = [];
        if (t.priority) markers.push(PRIORITY_MARKERS[t.priority]);
        if (t.done !== undefined) markers.push(t.done ? 'task-done' : 'task-start');
        out.add(`,"markers":[${markers.map((m) => `{"markerId":"${m}"}`).join(',')}]`);
      }
      if (t.collapsed && t.children.length) out.add(',"branch":"folded"');
      if (t.color) {
        out.add(',"style":{"id":"style-');
        out.add(String(n));
        out.add('","properties":{"svg:fill":');
        addJson(out, t.color);
        out.add('}}');
      }
      if (t.children.length) {
        out.add(',"children":{"attached":[');
        firstChild[depth] = t.children[0];
      }
    },
    (t) => {
      out.add(t.children.length ? ']}}' : '}');
    },
  );
  const rels: string[] = [];
  for (const c of outline.connections) {
    const a = numbers.get(c.from);
    const b = numbers.get(c.to);
    if (a === undefined || b === undefined) continue;
    const title = c.label ? `,"title":${str(c.label)}` : '';
    rels.push(`{"id":"rel-${rels.length + 1}","end1Id":"topic-${a}","end2Id":"topic-${b}"${title}}`);
  }
  out.add(rels.length ? `,"relationships":[${rels.join(',')}]}]` : '}]');
  return out.text();
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
  // Level 4: at 100,000 topics (16 MB of content.json) it deflates in about 55% of level 6's time
  // for an archive 8% larger; levels 1–3 take as long as 4 and come out larger still.
  return zipSync(
    {
      'content.json': strToU8(content),
      'metadata.json': strToU8(metadata),
      'manifest.json': strToU8(manifest),
      'content.xml': strToU8(CONTENT_XML_STUB),
    },
    { level: 4, mtime: now },
  );
}
