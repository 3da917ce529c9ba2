/**
 * content.json is written as text with labels, links and colours added as they are when JSON needs
 * no escape in them; whatever the text, the file must parse back to the same strings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OutlineTopic } from '../../../src/state/interop/outline';
import { xmindContent } from '../../../src/state/interop/writeXmind';

const unit = fc.oneof(
  fc.constantFrom('"', '\\', '\n', '\t', '\u0000', '\u001f', '\ud83c\udf31', '\ud800', '\udc00', '/', '<', 'é', 'は'),
  fc.string({ maxLength: 5 }),
  fc.string({ unit: 'binary', maxLength: 3 }),
);
const text = fc.array(unit, { maxLength: 12 }).map((a) => a.join(''));

interface JsonTopic {
  title: string;
  href?: string;
  style?: { properties: { 'svg:fill': string } };
  children?: { attached: JsonTopic[] };
}

describe('xmindContent strings', () => {
  it('parses back to the same labels, links and colours', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text, text), { minLength: 1, maxLength: 6 }), (rows) => {
        const children: OutlineTopic[] = rows.map(([label, link, color]) => ({ label, link, color, children: [] }));
        const root: OutlineTopic = { label: rows[0][0], children };
        const sheets = JSON.parse(xmindContent({ roots: [root], connections: [] })) as { rootTopic: JsonTopic }[];
        const top = sheets[0].rootTopic;
        expect(top.title).toBe(JSON.parse(JSON.stringify(rows[0][0])));
        const got = top.children!.attached;
        expect(got).toHaveLength(rows.length);
        rows.forEach(([label, link, color], i) => {
          // JSON.parse gives back well-formed text; a lone surrogate survives as the same unit.
          expect(got[i].title).toBe(label);
          expect(got[i].href).toBe(link || undefined);
          expect(got[i].style?.properties['svg:fill']).toBe(color || undefined);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('escapes only where JSON needs it', () => {
    const json = xmindContent({ roots: [{ label: 'Plain «label» 🌱', link: 'https://e.x/a?b=1', color: '#ef4444', children: [] }], connections: [] });
    expect(json).toContain('"title":"Plain «label» 🌱"');
    expect(json).toContain('"href":"https://e.x/a?b=1"');
    expect(xmindContent({ roots: [{ label: 'a"b\\c\nd', children: [] }], connections: [] })).toContain('"title":"a\\"b\\\\c\\nd"');
  });
});
