import { describe, expect, it } from 'vitest';
import { textToBlob } from '../../src/state/idbStore';

describe('textToBlob', () => {
  it('encodes the text chunk by chunk, pausing between chunks, and reads back the same text', async () => {
    const text = '{"label":"Ünïcödé 😀 mind map","x":[' + '1,'.repeat(50) + '2]}';
    let pauses = 0;
    const blob = await textToBlob(text, async () => void pauses++, 7);
    expect(pauses).toBeGreaterThan(5);
    expect(blob.type).toBe('application/json');
    expect(await blob.text()).toBe(text);
  });

  it('never splits a surrogate pair at a chunk boundary', async () => {
    for (let size = 1; size <= 5; size++) {
      const text = 'a😀b😀😀c';
      expect(await (await textToBlob(text, async () => {}, size)).text()).toBe(text);
    }
  });

  it('an empty text is an empty Blob', async () => {
    expect(await (await textToBlob('', async () => {})).text()).toBe('');
  });
});
