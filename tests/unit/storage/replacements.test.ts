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

  it('a map kept again (the same digest) moves up as one entry, with its new reason and time', async () => {
    const db = await openDatabase(freshFactory());
    await keepReplaced(db, { at: 1, reason: 'Apply Template', topics: 3, title: 'Plan', digest: 'aa' }, '{"plan":1}');
    await keepReplaced(db, { at: 2, reason: 'Restore previous map', topics: 5, title: 'OKRs', digest: 'bb' }, '{"okrs":1}');
    await keepReplaced(db, { at: 3, reason: 'Clear Map', topics: 3, title: 'Plan', digest: 'aa' }, '{"plan":1}');
    const list = await listReplaced(db);
    expect(list.map((k) => [k.reason, k.title, k.at])).toEqual([
      ['Clear Map', 'Plan', 3],
      ['Restore previous map', 'OKRs', 2],
    ]);
    expect(await readReplaced(db, list[0].id)).toBe('{"plan":1}');
    // Maps kept without a digest (by an older build) are never merged.
    await keepReplaced(db, { at: 4, reason: 'Import', topics: 1, title: 'X' }, 'x');
    await keepReplaced(db, { at: 5, reason: 'Import', topics: 1, title: 'X' }, 'x');
    expect(await listReplaced(db)).toHaveLength(4);
    db.close();
  });
});
