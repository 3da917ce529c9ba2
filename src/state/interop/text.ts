/**
 * Plain indented text → Outline: one topic per line, nesting by indentation (tabs or spaces, any
 * consistent width). Choices, also in the report:
 * - when most lines start with outline numbers ("1.2.3 Topic"), the numbers are stripped, and a line
 *   without a number and without indentation continues the topic above (exporters such as
 *   WiseMapping break long topic texts over lines that way); where no line is indented, the
 *   numbers' depth nests the topics instead ("1.1" under "1.");
 * - list markers ("- ", "* ", "• " and the like, as outliners and word processors copy them) are
 *   removed from the topic texts;
 * - lines written `[Note: …]` become the notes of the topic above (WiseMapping's text export);
 * - blank lines are skipped.
 * Iterative, one pass over the lines.
 */
import type { Outline, OutlineTopic } from './outline';
import { FormatError, type ReadResult } from './reader';
import { ReportBuilder, pathOf } from './report';

const NUMBER = /^(\d+(?:\.\d+)*)\.?[ \t]+(?=\S)/;
const NOTE_START = /^\[Note:\s?/;
const BULLET = /^[-*+\u2022\u25e6\u25aa\u25ab\u25cf\u25cb\u25a0\u25a1\u2013\u2014\u2023\u2043][ \t\u00a0]+(?=\S)/;
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
    } else if (c === 32 || c === 0xa0) width++;
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
    else if (line.charCodeAt(0) === 32 || line.charCodeAt(0) === 0xa0) spaceIndented++;
  }
  if (content === 0) throw new FormatError('text', 'it has no text');
  const useNumbers = numbered * 10 >= content * 6;
  // Numbered lines none of which is indented ("1. Intro", "1.1 Background"): the numbers nest them.
  const nestByNumbers = useNumbers && tabIndented === 0 && spaceIndented === 0;
  const tabFile = tabIndented > spaceIndented;
  if (useNumbers) report.choose('Outline numbers such as "1.2.3" were removed from the topic texts.');

  const roots: OutlineTopic[] = [];
  const stack: Frame[] = [];
  let last: Frame | null = null;
  let openNote: { frame: Frame; parts: string[] } | null = null;
  let bulletsRemoved = false;

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
    const indent = indentWidth(line);
    const tabs = indent.tabs;
    let width = indent.width;
    const unindented = tabFile ? !tabs : width === 0;
    if (last && last.width > 0 && unindented && useNumbers && !NUMBER.test(trimmed)) {
      last.topic.label = `${last.topic.label} ${trimmed}`;
      report.converted('continuation lines', 'topic text', pathOf(last));
      continue;
    }
    let label = trimmed;
    const bullet = BULLET.exec(trimmed);
    if (bullet) {
      label = trimmed.slice(bullet[0].length);
      if (!bulletsRemoved) report.choose('List markers such as "-" and "•" were removed from the topic texts.');
      bulletsRemoved = true;
    }
    if (useNumbers) {
      const m = NUMBER.exec(label);
      if (m) {
        label = label.slice(m[0].length);
        if (nestByNumbers) width = m[1].split('.').length - 1;
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
