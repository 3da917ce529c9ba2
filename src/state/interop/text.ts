/**
 * Plain indented text → Outline: one topic per line, nesting by indentation (tabs or spaces, any
 * consistent width). Choices, also in the report:
 * - when most lines start with outline numbers ("1.2.3 Topic"), the numbers are stripped, and a line
 *   without a number and without indentation continues the topic above (exporters such as
 *   WiseMapping break long topic texts over lines that way);
 * - lines written `[Note: …]` become the notes of the topic above (WiseMapping's text export);
 * - blank lines are skipped.
 * Iterative, one pass over the lines.
 */
import type { Outline, OutlineTopic } from './outline';
import { FormatError, type ReadResult } from './reader';
import { ReportBuilder, pathOf } from './report';

const NUMBER = /^(\d+(?:\.\d+)*)\.?[ \t]+(?=\S)/;
const NOTE_START = /^\[Note:\s?/;
const TAB_WIDTH = 4;

interface Frame {
  topic: OutlineTopic;
  parent: Frame | null;
  width: number;
}


/** Column of the first non-blank character, tabs stopping at multiples of TAB_WIDTH. */
function indentWidth(line: string): { width: number; tabs: boolean } {
  let width = 0;
  let tabs = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 9) {
      width = (Math.floor(width / TAB_WIDTH) + 1) * TAB_WIDTH;
      if (i === 0) tabs = true;
    } else if (c === 32) width++;
    else break;
  }
  return { width, tabs };
}

/** Reads indented text. Throws FormatError when there is no line with text. */
export function readText(text: string, fileName?: string): ReadResult {
  const format = 'Indented text';
  const report = new ReportBuilder(format, fileName);
  const lines = text.replace(/^\ufeff/, '').split(/\r\n?|\n/);

  // File-level facts: numbered lines, and whether indentation is by tabs.
  let content = 0;
  let numbered = 0;
  let tabIndented = 0;
  let spaceIndented = 0;
  for (const line of lines) {
    const t = line.trim();
    if (t === '' || NOTE_START.test(t)) continue;
    content++;
    if (NUMBER.test(t)) numbered++;
    if (line.charCodeAt(0) === 9) tabIndented++;
    else if (line.charCodeAt(0) === 32) spaceIndented++;
  }
  if (content === 0) throw new FormatError('text', 'it has no text');
  const useNumbers = numbered * 10 >= content * 6;
  const tabFile = tabIndented > spaceIndented;
  if (useNumbers) report.choose('Outline numbers such as "1.2.3" were removed from the topic texts.');

  const roots: OutlineTopic[] = [];
  const stack: Frame[] = [];
  let last: Frame | null = null;
  let openNote: { frame: Frame; parts: string[] } | null = null;

  const addNote = (frame: Frame, note: string): void => {
    const t = frame.topic;
    t.notes = t.notes ? `${t.notes}\n\n${note}` : note;
    report.kept('notes', pathOf(frame));
  };

  for (const line of lines) {
    const trimmed = line.trim();
    if (openNote) {
      if (trimmed.endsWith(']')) {
        openNote.parts.push(trimmed.slice(0, -1).trimEnd());
        addNote(openNote.frame, openNote.parts.join('\n').trim());
        openNote = null;
      } else openNote.parts.push(trimmed);
      continue;
    }
    if (trimmed === '') continue;
    if (last && NOTE_START.test(trimmed)) {
      const body = trimmed.replace(NOTE_START, '');
      if (body.endsWith(']')) addNote(last, body.slice(0, -1).trim());
      else openNote = { frame: last, parts: [body] };
      continue;
    }
    const { width, tabs } = indentWidth(line);
    const unindented = tabFile ? !tabs : width === 0;
    if (last && last.width > 0 && unindented && useNumbers && !NUMBER.test(trimmed)) {
      last.topic.label = `${last.topic.label} ${trimmed}`;
      report.converted('continuation lines', 'topic text', pathOf(last));
      continue;
    }
    let label = trimmed;
    if (useNumbers) {
      const m = NUMBER.exec(trimmed);
      if (m) {
        label = trimmed.slice(m[0].length);
        report.dropped('outline numbers');
      }
    }
    while (stack.length > 0 && stack[stack.length - 1].width >= width) stack.pop();
    const parent = stack.length > 0 ? stack[stack.length - 1] : null;
    const topic: OutlineTopic = { label, children: [] };
    const frame: Frame = { topic, parent, width };
    if (parent) parent.topic.children.push(topic);
    else roots.push(topic);
    stack.push(frame);
    last = frame;
  }
  if (openNote) {
    addNote(openNote.frame, openNote.parts.join('\n').trim());
    report.warn('A "[Note: …" was not closed with "]"; the rest of the file became that note.');
  }
  const outline: Outline = { roots, connections: [] };
  return { outline, report };
}
