import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, formatFromExtension, looksLikeMarkdown, sizeError, xmlRootName } from '../../../src/state/interop/detect';
import { readMapFile } from '../../../src/state/interop';
import { MAX_IMPORT_BYTES } from '../../../src/state/interop/reader';
import { MESSAGES } from '../../../src/state/model';
import { CORPUS, corpusBytes } from './helpers';

const FOLDER_FORMAT = { mm: 'freemind', opml: 'opml', markdown: 'markdown', text: 'text', xmind: 'xmind' } as const;

describe('detectFormat', () => {
  for (const [folder, format] of Object.entries(FOLDER_FORMAT)) {
    for (const file of readdirSync(join(CORPUS, folder))) {
      it(`${folder}/${file} is ${format}, by content alone and with its name`, () => {
        const bytes = corpusBytes(`${folder}/${file}`);
        expect(detectFormat({ bytes })).toBe(format);
        expect(detectFormat({ bytes, fileName: file })).toBe(format);
        expect(detectFormat({ bytes, fileName: 'renamed.txt' })).toBe(format);
      });
    }
  }

  it('a file that is not what its extension claims is refused, naming the claimed format', () => {
    expect(() => detectFormat({ text: '{"nodes":[],"edges":[]}', fileName: 'map.mm' })).toThrow(
      'Could not read this FreeMind file: it holds JSON, not a FreeMind map',
    );
    expect(() => detectFormat({ text: '<map version="1.0.1"><node TEXT="a"/></map>', fileName: 'a.opml' })).toThrow(
      'Could not read this OPML file: it holds a FreeMind map, not an OPML outline',
    );
    expect(() => detectFormat({ text: '# Title', fileName: 'a.xmind' })).toThrow('Could not read this XMind file: it holds Markdown text, not an XMind map');
    expect(() => detectFormat({ bytes: Uint8Array.from([0x50, 0x4b, 3, 4, 0, 0]), fileName: 'a.mm' })).toThrow(
      'Could not read this FreeMind file: it holds a zip archive, not a FreeMind map',
    );
  });

  it('other XML, binary data and empty files are refused', () => {
    expect(() => detectFormat({ text: '<?xml version="1.0"?><svg/>', fileName: 'x.txt' })).toThrow(
      'Could not read this text file: it is XML with a <svg> root, neither a FreeMind map nor OPML',
    );
    expect(() => detectFormat({ bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), fileName: 'x.png' })).toThrow(
      'Could not read this PNG file: it holds binary data',
    );
    expect(() => detectFormat({ text: '   \n', fileName: 'x.md' })).toThrow('Could not read this Markdown file: it is empty');
    // An empty .json file is bad JSON, with the seed's message.
    expect(readMapFile({ bytes: new Uint8Array(), fileName: 'empty.json' })).toEqual({ ok: false, error: MESSAGES.importInvalid });
  });

  it('a Markdown file may start with HTML (a comment, a centred <div>)', () => {
    expect(detectFormat({ text: '<!-- draft -->\n\nIdeas\n\n- one\n- two', fileName: 'ideas.md' })).toBe('markdown');
    expect(detectFormat({ text: '<div align="center"><img src="logo.png"></div>\n\nProject\n' })).toBe('markdown');
    expect(() => detectFormat({ text: '<?xml version="1.0"?><svg/>' })).toThrow('it is XML with a <svg> root');
  });

  it('outline text that merely starts with "{", "[" or "<map" is text, not JSON or FreeMind', () => {
    expect(detectFormat({ text: '{Draft} Plan\n  Goals\n  Risks' })).toBe('text');
    expect(detectFormat({ text: '[todo] Plan\n  Goals' })).toBe('text');
    expect(detectFormat({ text: '[ ] Buy milk\n[x] Call Ann' })).toBe('text');
    expect(detectFormat({ text: '[1, 2]' })).toBe('json');
    expect(detectFormat({ text: '{ not json' })).toBe('json');
    expect(detectFormat({ text: '{TODO: write} the plan\n  intro' })).toBe('text');
    expect(detectFormat({ text: '<map of the world>\n  Europe\n  Asia' })).toBe('text');
    expect(detectFormat({ text: '<opml notes>\n  one' })).toBe('text');
    expect(readMapFile({ text: '<map of the world>\n  Europe\n  Asia', fileName: 'places.md' })).toMatchObject({ ok: true });
    // What does open as JSON or FreeMind still goes there, broken or not.
    expect(detectFormat({ text: '{\n  "nodes": [' })).toBe('json');
    expect(detectFormat({ text: '{}' })).toBe('json');
    // JSON written by hand as JavaScript writes it is meant as JSON: refused with JSON's message.
    expect(detectFormat({ text: '{nodes: [], edges: []}' })).toBe('json');
    expect(detectFormat({ text: "{'nodes': []}" })).toBe('json');
    expect(readMapFile({ text: '{nodes: [], edges: []}' })).toEqual({ ok: false, error: MESSAGES.importInvalid });
    expect(detectFormat({ text: '[]' })).toBe('json');
    expect(detectFormat({ text: "<map version='1.0.1'><node TEXT=\"a\"/>" })).toBe('freemind');
    expect(detectFormat({ text: '<?xml version="1.0"?>\n<!-- x -->\n<map>\n<node TEXT="a"/></map>' })).toBe('freemind');
    expect(detectFormat({ text: '<opml version="2.0"><body/></opml>' })).toBe('opml');
  });

  it('a .json file always goes to JSON (the seed message handles bad JSON)', () => {
    expect(detectFormat({ text: 'not json', fileName: 'map.json' })).toBe('json');
    expect(detectFormat({ text: '  {"nodes": []}' })).toBe('json');
  });

  it('Markdown against indented text: headings, lists, front matter; the extension breaks ties', () => {
    expect(looksLikeMarkdown('# Title\n\ntext')).toBe(true);
    expect(looksLikeMarkdown('---\ntitle: My map\n---\n\nHello')).toBe(true);
    expect(looksLikeMarkdown('- a\n  - b\n- c')).toBe(true);
    expect(looksLikeMarkdown('Root\n\tChild\n\t\tGrandchild')).toBe(false);
    expect(looksLikeMarkdown('1 Indicator needs\n\t1.1 Which new measures')).toBe(false);
    expect(detectFormat({ text: 'Root\n  Child', fileName: 'notes.md' })).toBe('markdown');
    expect(detectFormat({ text: 'Root\n  Child', fileName: 'notes.txt' })).toBe('text');
    expect(detectFormat({ text: 'Root\n  Child' })).toBe('text');
    expect(detectFormat({ text: '# Root\n## Child', fileName: 'notes.txt' })).toBe('markdown');
  });

  it('list items indented under a plain line are an outline, not Markdown', () => {
    // Markdown folds the indented items into the plain line's paragraph, or leaves that line out of the tree.
    expect(looksLikeMarkdown('Project\n\t- Goals\n\t\t- G1\n\t- Risks')).toBe(false);
    expect(looksLikeMarkdown('Project\n    - Goals\n        - G1\n    - Risks')).toBe(false);
    expect(looksLikeMarkdown('Root\n\t1. One\n\t2. Two')).toBe(false);
    // Markdown lists stay Markdown: unindented under a paragraph, nested under an item, after a blank line.
    expect(looksLikeMarkdown('Intro:\n- a\n- b\n- c')).toBe(true);
    expect(looksLikeMarkdown('- a\n\t- b\n\t\t- c')).toBe(true);
    expect(looksLikeMarkdown('Intro\n\n  - a\n  - b')).toBe(true);
  });

  it('finds the XML root element past declarations, comments and a DOCTYPE with a subset', () => {
    expect(xmlRootName('<?xml version="1.0"?>\n<!-- c > d -->\n<!DOCTYPE opml [ <!ELEMENT a (b)> ]>\n<opml version="2.0">')).toBe('opml');
    expect(xmlRootName('<map version="1.0.1">')).toBe('map');
    expect(xmlRootName('<!-- unclosed')).toBeUndefined();
  });

  it('extensions are read case-insensitively', () => {
    expect(formatFromExtension('A.MM')).toBe('freemind');
    expect(formatFromExtension('x.tar.gz')).toBeUndefined();
    expect(formatFromExtension(undefined)).toBeUndefined();
  });
});

describe('sizeError', () => {
  it('refuses files over 200 MB by their length, naming the format', () => {
    expect(sizeError(MAX_IMPORT_BYTES, 'big.opml')).toBeNull();
    expect(sizeError(MAX_IMPORT_BYTES + 1, 'big.opml')).toBe('Could not read this OPML file: it is larger than 200 MB, the most MindFlow imports');
    expect(sizeError(MAX_IMPORT_BYTES + 1)).toBe('Could not read this map file: it is larger than 200 MB, the most MindFlow imports');
  });
});
