import { describe, expect, it } from 'vitest';
import { keepReplaced, KEEP_REPLACED, listReplaced, readReplaced } from '../../../src/state/storage/replacements';
import { openDatabase } from '../../../src/state/storage/updateLog';
import { freshFactory } from './fakes';

describe('kept replacements', () => {
  it('keeps the newest maps (at least 5), lists them newest first and reads them back after reopening', async () => {
    expect(KEEP_REPLACED).toBeGreaterThanOrEqual(5);
    const factory = freshFactory();
    const db = await openDatabase(factory);
    for (let i = 0; i < KEEP_REPLACED + 3; i++) {
      await keepReplaced(db, { at: 1000 + i, reason: i % 2 ? 'Import' : 'Clear Map', topics: i + 1, title: `Map ${i}` }, `{"n":${i}}`);
    }
    db.close();
    const reopened = await openDatabase(factory);
    const list = await listReplaced(reopened);
    expect(list).toHaveLength(KEEP_REPLACED);
    expect(list[0]).toMatchObject({ title: `Map ${KEEP_REPLACED + 2}`, reason: 'Clear Map', topics: KEEP_REPLACED + 3 });
    expect(list.at(-1)!.title).toBe('Map 3');
    expect(await readReplaced(reopened, list[0].id)).toBe(`{"n":${KEEP_REPLACED + 2}}`);
    expect(await readReplaced(reopened, 1)).toBeNull();
    reopened.close();
  });
});
