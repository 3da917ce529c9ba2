/**
 * The XML escapers build their result from slices in one pass; these check them against the plain
 * per-character definition on arbitrary text (control characters, surrogates, markup characters).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xmlAttr, xmlChars, xmlText } from '../../../src/state/interop/writeCommon';

/** The definition, one unit at a time. */
function reference(s: string, attr: boolean): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += s[i] + s[i + 1];
        i++;
      }
      continue;
    }
    if ((c >= 0xdc00 && c <= 0xdfff) || c === 0xfffe || c === 0xffff) continue;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) continue;
    const ch = s[i];
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (attr && ch === '"') out += '&quot;';
    else if (attr && ch === '\n') out += '&#xa;';
    else if (attr && ch === '\r') out += '&#xd;';
    else if (attr && ch === '\t') out += '&#x9;';
    else out += ch;
  }
  return out;
}

// Units the escapers treat specially, mixed with ordinary text.
const unit = fc.oneof(
  fc.constantFrom('&', '<', '>', '"', "'", '\n', '\r', '\t', '\u0000', '\u0007', '\u001f', '\ud83c', '\udf31', '\ufffe', '\uffff', 'é', 'は'),
  fc.string({ maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 3 }),
);
const text = fc.array(unit, { maxLength: 30 }).map((a) => a.join(''));

describe('XML escaping', () => {
  it('xmlText escapes & < > and drops what XML cannot hold', () => {
    fc.assert(fc.property(text, (s) => {
        expect(xmlText(s)).toBe(reference(s, false));
      }), { numRuns: 2000 });
  });

  it('xmlAttr also escapes quotes, line breaks and tabs', () => {
    fc.assert(fc.property(text, (s) => {
        expect(xmlAttr(s)).toBe(reference(s, true));
      }), { numRuns: 2000 });
  });

  it('xmlChars only drops', () => {
    fc.assert(
      fc.property(text, (s) => {
        const kept = xmlChars(s);
        expect(xmlText(kept)).toBe(xmlText(s));
        expect(kept.replace(/[&<>]/g, '')).toBe(reference(s, false).replace(/&(amp|lt|gt);/g, ''));
      }),
      { numRuns: 1000 },
    );
  });

  it('hands back the same string when nothing needs escaping', () => {
    const s = 'Plain label 🌱 はい, 42 = 6 × 7';
    expect(xmlAttr(s)).toBe(s);
    expect(xmlText('a\tb\nc')).toBe('a\tb\nc');
    expect(xmlAttr('a\tb\nc')).toBe('a&#x9;b&#xa;c');
    expect(xmlText('\ud800')).toBe('');
    expect(xmlText('x\udc00y&')).toBe('xy&amp;');
  });
});
