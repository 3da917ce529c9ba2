/**
 * Hostile and broken input: nothing is expanded, fetched or executed, and every refusal names the
 * format and the reason.
 */
import { describe, expect, it } from 'vitest';
import { readFreemind } from '../../../src/state/interop/freemind';
import { htmlToText } from '../../../src/state/interop/html';
import { readOpml } from '../../../src/state/interop/opml';
import { toMap } from '../../../src/state/interop/toMap';
import { decodeXml, decodeXmlEntities, parseXml } from '../../../src/state/interop/xml';

const LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<map version="1.0.1"><node TEXT="&lol3;"/></map>`;

const EXTERNAL = `<?xml version="1.0"?>
<!DOCTYPE opml [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<opml version="2.0"><body><outline text="&xxe;"/></body></opml>`;

describe('XML safety', () => {
  it('a DTD that declares entities is refused (billion laughs, external entities)', () => {
    expect(() => readFreemind(LAUGHS)).toThrow('Could not read this FreeMind file: its DTD declares entities, which are not allowed');
    expect(() => readOpml(EXTERNAL)).toThrow('Could not read this OPML file: its DTD declares entities, which are not allowed');
  });

  it('a DOCTYPE without entities is fine; undeclared entities stay as written, never expanded', () => {
    const r = readOpml('<!DOCTYPE opml SYSTEM "http://example.org/opml.dtd"><opml version="2.0"><body><outline text="a &amp; b &nbsp; &lol;"/></body></opml>');
    expect(r.outline.roots[0].label).toBe('a & b &nbsp; &lol;');
  });

  it("XML's five entities and numeric references decode; raw attribute newlines become spaces, &#10; stays", () => {
    const el = parseXml('<a t="1\n2\t3" n="x&#10;y&#xa;z" j="&#x306f;&#12354;" e="&lt;&gt;&amp;&quot;&apos;">&#x1F600; &#0; &#xD800;</a>', { format: 'X' });
    expect(el.attrs).toEqual({ t: '1 2 3', n: 'x\ny\nz', j: 'はあ', e: '<>&"\'' });
    expect(el.children).toEqual(['😀 \ufffd \ufffd']);
    expect(decodeXmlEntities('&amp;lt;')).toBe('&lt;'); // decoded once, not twice
  });

  it('attribute values stay strings and child order is kept; ">" may sit in attribute values', () => {
    const el = parseXml('<r><b v="007"/><!-- <x> --><a v="1e3 > 2"/><b v="true"/></r>', { format: 'X' });
    expect(el.children.map((c) => (typeof c === 'string' ? c : `${c.name}:${c.attrs.v}`))).toEqual(['b:007', 'a:1e3 > 2', 'b:true']);
  });

  it('truncated or malformed XML is refused with the format named', () => {
    const mm = '<map version="1.0.1"><node TEXT="a"><node TEXT="b"/>';
    expect(() => readFreemind(mm)).toThrow('Could not read this FreeMind file: the XML ends before <node> is closed (the file looks truncated)');
    expect(() => readFreemind('<map version="1.0.1">\n<node TEXT="a">\n</map>')).toThrow(
      'Could not read this FreeMind file: the XML is malformed (line 3: </map> where </node> was expected)',
    );
    expect(() => readFreemind('<map version="1.0.1"><node TEXT="a')).toThrow('Could not read this FreeMind file: the XML ends inside a tag (the file looks truncated)');
    expect(() => readOpml('<opml version="2.0"><body>a < b</body></opml>')).toThrow(
      'Could not read this OPML file: the XML is malformed (line 1: a "<" that starts no valid tag)',
    );
    expect(() => readOpml('<opml version="2.0"><body><outline text="a></body></opml>')).toThrow(/^Could not read this OPML file: /);
    expect(() => readOpml('')).toThrow(/^Could not read this OPML file: /);
    expect(() => readOpml('<opml version="2.0"><body><outline text="a"/></body></opml><opml/>')).toThrow(
      'Could not read this OPML file: the XML has more than one root element; it must have one',
    );
  });

  it('attributes named __proto__ or constructor are plain data and reach no prototype', () => {
    const el = parseXml('<a __proto__="x" constructor="y" toString="z"/>', { format: 'X' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.getPrototypeOf(el.attrs)).toBeNull();
    expect({ ...el.attrs }).toEqual({ constructor: 'y', toString: 'z', ['__proto__']: 'x' });
  });

  it('an encoding TextDecoder does not know is a clear error', () => {
    const bytes = new TextEncoder().encode('<?xml version="1.0" encoding="x-made-up"?><opml/>');
    expect(() => decodeXml(bytes, 'OPML')).toThrow('Could not read this OPML file: its declared encoding "x-made-up" is not supported');
  });
});

describe('text from files is data', () => {
  it('markup in labels and notes stays text; scripts in note HTML are dropped', () => {
    const r = readFreemind(`<map version="1.0.1"><node TEXT="&lt;img src=x onerror=alert(1)&gt;">
      <richcontent TYPE="NOTE"><html><body><p>Hi</p><script>alert(1)</script><style>p{}</style></body></html></richcontent></node></map>`);
    const t = r.outline.roots[0];
    expect(t.label).toBe('<img src=x onerror=alert(1)>');
    expect(t.notes).toBe('Hi');
    const m = toMap(r.outline, r.report);
    expect(m.ok && m.snapshot.nodes[0].data.label).toBe('<img src=x onerror=alert(1)>');
  });

  it('htmlToText gives simple paragraph documents the same text on its fast path as through the parser', () => {
    const docs = [
      '\n<html>\n  <head>\n    \n  </head>\n  <body>\n    <p>\n      note one\n    </p>\n    <p>two  words</p>\n  </body>\n</html>\n',
      '<html xmlns="http://www.w3.org/1999/xhtml"><head></head><body width="">before<p>in</p>after<P>UPPER</P><p></p></body></html>',
      'just text',
      '<p>\u00a0lead nbsp</p>',
      '<p>two\u00a0\u00a0no-break \u00a0spaces\u00a0</p><p>\u00a0</p><p>end</p>',
    ];
    for (const d of docs) {
      const withTag = htmlToText(`${d}<span></span>`); // any other tag takes the parser path
      expect(htmlToText(d)).toEqual({ text: withTag.text, hrefs: [], images: 0 });
    }
    expect(htmlToText(docs[0]).text).toBe('note one\n\ntwo words');
    expect(htmlToText('<p>a &amp; b</p>').text).toBe('a & b');
  });

  it('htmlToText keeps a no-break space between words (the parser hands each entity over on its own)', () => {
    expect(htmlToText('<p>Price:&nbsp;5&nbsp;€</p>').text).toBe('Price: 5 €');
    expect(htmlToText('<p>a&#160;&#xa0;&nbsp;b</p>').text).toBe('a   b');
    expect(htmlToText('<span>x &nbsp;&nbsp;y</span>').text).toBe('x   y');
  });

  it('htmlToText keeps paragraphs, line breaks and list markers', () => {
    const h = htmlToText('<p>One <b>two</b></p><p>Three<br>four</p><ol><li>a<ul><li>b</li></ul></li><li>c</li></ol><a href="https://x.org">x</a><a href="https://y.org">y</a>');
    expect(h.text).toBe('One two\n\nThree\nfour\n\n1. a\n  - b\n2. c\n\nxy');
    expect(h.href).toBe('https://x.org');
    expect(h.hrefs).toEqual(['https://x.org', 'https://y.org']);
  });
});
